import { useState } from 'react';
import Button from '@mui/material/Button';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { useSession } from '../../../platform/session/session-context.tsx';
import { CreateOrderDialog } from './create-order-dialog.tsx';
import { CREATE_ORDER_MESSAGES as M } from './create-order-messages.ts';

/**
 * Creates an order for the student's missing materials (AUTOGEN_CREATE_ORDER; nothing for
 * others). Each opening of the dialog is a new order with its own client key.
 */
export function CreateOrderButton({
  customerId,
  studentName,
}: {
  customerId: number;
  studentName: string;
}) {
  const allowed = useSession().actions.includes('AUTOGEN_CREATE_ORDER');
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button
        variant="contained"
        size="large"
        startIcon={<AddShoppingCartIcon />}
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        {M.button}
      </Button>
      {open && (
        <CreateOrderDialog
          key={opening}
          customerId={customerId}
          studentName={studentName}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
