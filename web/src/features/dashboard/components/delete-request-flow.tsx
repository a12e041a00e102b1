import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import {
  DashboardContractsDocument,
  DashboardDeleteRequestDocument,
  DashboardOverviewDocument,
  DashboardRequestsDocument,
} from '../dashboard.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { ConfirmDeleteDialog } from '../../../shared/ui/confirm-delete-dialog';
import { MessageDialog } from '../../../shared/ui/message-dialog';

type Target = { id: string; title: string };

// Delete from the dashboard: "Are you sure?" / "Yes, delete it!", then "Deleted!", and every
// dashboard query loads again (spec: deleting a request reloads the dashboard data).
export function useDeleteRequestFlow() {
  const [target, setTarget] = useState<Target | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const [deleteRequest, { loading }] = useMutation(DashboardDeleteRequestDocument, {
    refetchQueries: [DashboardOverviewDocument, DashboardRequestsDocument, DashboardContractsDocument],
    awaitRefetchQueries: true,
  });

  const confirm = async () => {
    if (!target) return;
    setError(null);
    try {
      await deleteRequest({ variables: { id: target.id } });
      setDeleted(target.title);
      setTarget(null);
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  };

  const dialogs = (
    <>
      <ConfirmDeleteDialog
        subject={target?.title ?? null}
        deleting={loading}
        error={error}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirm()}
      />
      <MessageDialog
        open={deleted !== null}
        severity="success"
        title="Deleted!"
        message={<>“{deleted}” has been deleted.</>}
        onConfirm={() => setDeleted(null)}
      />
    </>
  );
  return {
    ask: (row: Target) => {
      setError(null);
      setTarget(row);
    },
    dialogs,
  };
}
