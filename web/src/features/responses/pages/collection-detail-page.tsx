import { usePreloadWhenIdle } from '../../../shared/ui/lazy-part';
import { requestDetailPath } from '../../../shared/requests/request-routes';
import { CollectionResponsesPart, ParticipantLinkPart, RESPONSE_PARTS } from '../components/lazy-parts';
import { CollectionSummary } from '../components/collection-summary';
import { RequestPageShell } from '../components/request-page-shell';

// /admin/request/collection/detail/:id: High Level Details, the request summary and the responses
// decrypted in this browser.
export function CollectionDetailPage() {
  usePreloadWhenIdle(...RESPONSE_PARTS);
  return (
    <RequestPageShell heading="Collection detail" type="collection" pathFor={requestDetailPath}>
      {(request) => (
        <>
          <CollectionSummary request={request} />
          {request.status === 1 ? <ParticipantLinkPart requestId={request.id} title={request.title} /> : null}
          <CollectionResponsesPart request={request} />
        </>
      )}
    </RequestPageShell>
  );
}
