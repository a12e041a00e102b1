import { useQuery } from '@apollo/client/react';
import { useLocation } from 'react-router';
import { RequestResultsDocument } from '../responses.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { readRequestRowState, type RequestRowState } from '../../../shared/requests/request-routes';

// The request of a detail or report screen. The row handed over by the list (navigation state)
// shows at once; the full request is loaded by id either way, so a reload or a shared link works.
export function useRequestResults(id: string) {
  const location = useLocation();
  const fromList = readRequestRowState(location.state, id);
  const { data, loading, error, refetch } = useQuery(RequestResultsDocument, { variables: { id } });
  const request = data?.request ?? null;
  const details: RequestRowState | null = request
    ? {
        id: request.id,
        type: request.type,
        typeName: request.typeName,
        title: request.title,
        description: request.description,
        keyId: request.keyId,
        createdAt: String(request.createdAt),
      }
    : fromList;
  return {
    details,
    request,
    loading: loading && !request,
    error: error && !request ? toApiError(error) : null,
    refetch: () => void refetch(),
  };
}
