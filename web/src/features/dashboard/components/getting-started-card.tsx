import CheckCircle from '@mui/icons-material/CheckCircle';
import Checklist from '@mui/icons-material/Checklist';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router';
import { IconCard } from '../../../shared/ui/icon-card';

type Step = { done: boolean; title: string; detail: string; to?: string; action?: string };

// First steps of a requester, ticked from what the server actually knows.
export function GettingStartedCard({
  emailVerified,
  keyCount,
  credit,
}: {
  emailVerified: boolean;
  keyCount: number;
  credit: number;
}) {
  const steps: Step[] = [
    {
      done: emailVerified,
      title: 'Verify your e-mail address',
      detail: emailVerified ? 'Done.' : 'Use the link in the verification e-mail.',
    },
    {
      done: keyCount > 0,
      title: 'Create an encryption key pair',
      detail:
        keyCount > 0
          ? `You have ${keyCount} key${keyCount === 1 ? '' : 's'}.`
          : 'Responses are encrypted to one of your keys.',
      to: '/admin/settings',
      action: keyCount > 0 ? 'Manage keys' : 'Generate a key pair',
    },
    {
      done: credit > 0,
      title: 'Get IPT credit',
      detail: credit > 0 ? `You have ${credit} IPT.` : 'Clean-room reports are paid with prepaid IPT credit.',
      to: credit > 0 ? undefined : '/auth/pricing-page',
      action: credit > 0 ? undefined : 'See the plans',
    },
  ];
  return (
    <IconCard
      icon={Checklist}
      color="purple"
      title="Getting started"
      subtitle="A few steps before your first request"
      id="getting-started"
    >
      <List dense disablePadding>
        {steps.map((step) => (
          <ListItem key={step.title} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              {step.done ? (
                <CheckCircle color="success" titleAccess="Done" />
              ) : (
                <RadioButtonUnchecked color="disabled" titleAccess="To do" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={step.title}
              secondary={
                <>
                  {step.detail}{' '}
                  {step.to && step.action ? (
                    <Link component={RouterLink} to={step.to}>
                      {step.action}
                    </Link>
                  ) : null}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </IconCard>
  );
}
