import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FREE_MATERIAL_KINDS, MATERIAL_KIND_LABELS, type MaterialKind } from '@csp/contracts';

/**
 * A chip naming a kind a student does not pay for (OER, library-licensed, free), in words:
 * bought kinds are the usual case and get none, so the free ones stand out in a list.
 */
export function MaterialKindChip({ kind }: { kind: MaterialKind | null }) {
  if (!kind || !FREE_MATERIAL_KINDS.includes(kind)) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="success"
      label={MATERIAL_KIND_LABELS[kind]}
      sx={{ alignSelf: 'flex-start' }}
    />
  );
}

/** Where an OER or library e-book is read, and an OER's licence: what a student needs to find it. */
export function MaterialAccess(props: {
  kind: MaterialKind | null;
  licence: string | null;
  accessUrl: string | null;
}) {
  if (props.kind !== 'OER' && props.kind !== 'LIBRARY_LICENSED') return null;
  if (!props.licence && !props.accessUrl) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {props.kind === 'OER' && props.licence && <>Licence: {props.licence}. </>}
      {props.accessUrl && (
        <>
          {props.kind === 'OER' ? 'Read it at ' : "The library's link: "}
          <Link href={props.accessUrl} target="_blank" rel="noopener noreferrer">
            {props.accessUrl}
          </Link>
        </>
      )}
    </Typography>
  );
}
