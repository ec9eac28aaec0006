import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';
import { AuthCard } from '../components/auth-card.tsx';

export function ResetPasswordPage() {
  return (
    <AuthCard>
      <ComingSoonPage title="Reset Password">
        Resetting your password from here is not available yet. Contact the store and ask them to
        reset it for you; they will send you a new password or a reset link.
      </ComingSoonPage>
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 3 }}>
        Back to sign in
      </Link>
    </AuthCard>
  );
}
