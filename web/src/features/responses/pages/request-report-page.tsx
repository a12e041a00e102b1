import { useParams } from 'react-router';
import { usePreloadWhenIdle } from '../../../shared/ui/lazy-part';
import { requestReportPath } from '../../../shared/requests/request-routes';
import { CollectionResponsesPart, RESPONSE_PARTS } from '../components/lazy-parts';
import { CollectionSummary } from '../components/collection-summary';
import { RequestPageShell } from '../components/request-page-shell';
import { SurveyCsvButtons } from '../components/survey-csv-buttons';
import { SurveyCounts } from '../components/survey-counts';

// /request/:type/report/:id, "Analyse": a survey's per-question option counts; a collection's
// summary and decrypted responses.
export function RequestReportPage() {
  usePreloadWhenIdle(...RESPONSE_PARTS);
  const { type } = useParams();
  const routeType = type === 'survey' || type === 'collection' ? type : undefined;
  return (
    <RequestPageShell
      heading="Analyse"
      type={routeType}
      pathFor={requestReportPath}
      actions={(request) =>
        request.type === 'survey' ? <SurveyCsvButtons requestId={request.id} title={request.title} /> : null
      }
    >
      {(request) =>
        request.type === 'survey' ? (
          <SurveyCounts requestId={request.id} />
        ) : (
          <>
            <CollectionSummary request={request} />
            <CollectionResponsesPart request={request} />
          </>
        )
      }
    </RequestPageShell>
  );
}
