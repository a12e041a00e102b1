import { lazy, Suspense, useState, type ReactNode } from 'react';

export type MessageSeverity = 'success' | 'danger' | 'warning' | 'info';

export type MessageDialogProps = {
  open: boolean;
  severity: MessageSeverity;
  title: string;
  message: ReactNode;
  // Extra content under the message (server details, a resend form...).
  children?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  // Secondary actions placed before the confirm button.
  actions?: ReactNode;
};

// MUI's Dialog (modal, focus trap, transitions) loads when a message is first shown: most screens
// have one for a delete or a failure, few show it.
const MessageDialogBody = lazy(() => import('./message-dialog-body'));

// A centred alert in the style of the template's sweet alerts: big icon, title, text, one main
// button. Errors use role="alertdialog" so screen readers announce them straight away.
export function MessageDialog(props: MessageDialogProps) {
  // mounted from the first opening on, so it keeps its closing transition afterwards
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <MessageDialogBody {...props} />
    </Suspense>
  ) : null;
}

// true from the first time `open` is true on (state adjusted while rendering, as React recommends)
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
