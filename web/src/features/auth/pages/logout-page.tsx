import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../shared/session/session-paths';
import { PageLoader } from '../../../shared/ui/page-loader';
import { logoutRequest } from '../auth-requests';
import { AuthCard } from '../components/auth-card';

// Ends the session on the server, forgets every cached answer, then shows the login page.
export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // once per visit, also under React's development double-invocation
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await logoutRequest();
      } catch (error) {
        // The cookie may already be gone; the user still wants to be logged out here.
        console.error('logout failed', error);
      }
      await navigate(LOGIN_PATH, { replace: true });
    })();
  }, [navigate]);

  return (
    <AuthCard title="Log out" color="purple">
      <PageLoader label="Signing you out…" minHeight={120} />
    </AuthCard>
  );
}
