import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { DeleteNotificationDocument, NotificationsDocument } from '../notifications.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { formatDateTime } from '../../../shared/ui/format-date';
import { HeaderMenu } from '../../../shared/ui/header-menu';

// New notifications show up without a reload; deleting one reloads the list at once.
const POLL_INTERVAL_MS = 60_000;

// Header dropdown (spec s.2): count badge hidden at 0; clicking a notification dismisses it.
export function NotificationsMenu() {
  const { data, loading, error, refetch } = useQuery(NotificationsDocument, {
    pollInterval: POLL_INTERVAL_MS,
    notifyOnNetworkStatusChange: false,
  });
  const [deleteNotification] = useMutation(DeleteNotificationDocument, {
    refetchQueries: [NotificationsDocument],
    awaitRefetchQueries: true,
  });
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const notifications = data?.notifications ?? [];
  const count = notifications.length;

  // Dismissing the last notification closes the menu: nothing is left to do there, and the removed
  // item took the keyboard focus with it.
  const dismiss = async (id: string, closeMenu: () => void) => {
    setDeleting(id);
    setDeleteError(null);
    try {
      await deleteNotification({ variables: { id } });
      if (count === 1) closeMenu();
    } catch (failure) {
      setDeleteError(toApiError(failure).message);
    } finally {
      setDeleting(null);
    }
  };

  const icon =
    count > 0 ? (
      <CountBadge count={count}>
        <NotificationsIcon />
      </CountBadge>
    ) : (
      <NotificationsNone />
    );

  return (
    <HeaderMenu label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'} icon={icon}>
      {(close, { Alert, CircularProgress, ListItemText, MenuItem }) => {
        const items = [];
        if (deleteError) {
          items.push(
            <Alert key="delete-error" severity="error" sx={{ mx: 1, mb: 1 }}>
              {deleteError}
            </Alert>,
          );
        }
        if (loading && !data) {
          items.push(
            <MenuItem key="loading" disabled>
              <CircularProgress size={18} sx={{ mr: 1.5 }} /> Loading notifications…
            </MenuItem>,
          );
        } else if (error && !data) {
          items.push(
            <MenuItem key="error" onClick={() => void refetch()}>
              <ListItemText primary="Notifications could not be loaded." secondary="Select to try again." />
            </MenuItem>,
          );
        } else if (count === 0) {
          items.push(
            <MenuItem key="empty" disabled>
              <Typography variant="body2">You have no notifications.</Typography>
            </MenuItem>,
          );
        } else {
          items.push(
            <Typography key="hint" variant="caption" component="p" color="text.secondary" sx={{ px: 2, pb: 0.5 }}>
              Select a notification to dismiss it.
            </Typography>,
            ...notifications.map((item) => (
              <MenuItem
                key={item.id}
                onClick={() => void dismiss(item.id, close)}
                disabled={deleting !== null}
                sx={{ whiteSpace: 'normal', alignItems: 'flex-start' }}
              >
                <ListItemText primary={item.notification} secondary={formatDateTime(item.createdAt)} />
                {deleting === item.id ? (
                  <CircularProgress size={16} aria-label="Dismissing" sx={{ ml: 1, mt: 0.5 }} />
                ) : null}
              </MenuItem>
            )),
          );
        }
        return items;
      }}
    </HeaderMenu>
  );
}

// MUI's standard badge (error colour, "99+" above 99) drawn with a Box: the shell shows it on every
// screen and needs none of Badge's other variants. The count is in the button's label too.
function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Box component="span" sx={{ position: 'relative', display: 'inline-flex', verticalAlign: 'middle', flexShrink: 0 }}>
      {children}
      <Box
        component="span"
        className="MuiBadge-badge"
        sx={{
          position: 'absolute',
          top: 0,
          right: 0,
          transform: 'scale(1) translate(50%, -50%)',
          transformOrigin: '100% 0%',
          zIndex: 1,
          display: 'flex',
          flexFlow: 'row wrap',
          placeContent: 'center',
          alignItems: 'center',
          boxSizing: 'border-box',
          minWidth: 20,
          height: 20,
          px: '6px',
          borderRadius: '10px',
          fontFamily: (theme) => theme.typography.fontFamily,
          fontWeight: 500,
          fontSize: '0.75rem',
          lineHeight: 1,
          bgcolor: 'error.main',
          color: 'error.contrastText',
        }}
      >
        {count > 99 ? '99+' : count}
      </Box>
    </Box>
  );
}
