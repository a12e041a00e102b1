import { requestDetailPath } from '../../../shared/requests/request-routes';
import { CollectionResponses } from '../components/collection-responses';
import { CollectionSummary } from '../components/collection-summary';
import { ParticipantLinkCard } from '../components/participant-link';
import { RequestPageShell } from '../components/request-page-shell';

// /admin/request/collection/detail/:id: High Level Details, the request summary and the responses
// decrypted in this browser.
export function CollectionDetailPage() {
  return (
    <RequestPageShell heading="Collection detail" type="collection" pathFor={requestDetailPath}>
      {(request) => (
        <>
          <CollectionSummary request={request} />
          {request.status === 1 ? <ParticipantLinkCard requestId={request.id} title={request.title} /> : null}
          <CollectionResponses request={request} />
        </>
      )}
    </RequestPageShell>
  );
}
