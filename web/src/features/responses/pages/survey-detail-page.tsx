import Assessment from '@mui/icons-material/Assessment';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { requestDetailPath, requestReportPath } from '../../../shared/requests/request-routes';
import { ParticipantLinkCard } from '../components/participant-link';
import { RequestPageShell } from '../components/request-page-shell';
import { SurveyCsvButtons } from '../components/survey-csv-buttons';
import { SurveyPies } from '../components/survey-pies';
import { SurveyResponses } from '../components/survey-responses';

// /admin/request/survey/detail/:id: High Level Details and one pie per question; paid after review,
// the responses with Approve and Reject.
export function SurveyDetailPage() {
  return (
    <RequestPageShell
      heading="Survey detail"
      type="survey"
      pathFor={requestDetailPath}
      actions={(request) => (
        <>
          <SurveyCsvButtons requestId={request.id} title={request.title} />
          <Button
            component={RouterLink}
            to={requestReportPath('survey', request.id)}
            variant="outlined"
            startIcon={<Assessment />}
          >
            Option counts report
          </Button>
        </>
      )}
    >
      {(request) => (
        <>
          {request.status === 1 ? <ParticipantLinkCard requestId={request.id} title={request.title} /> : null}
          <SurveyPies requestId={request.id} responseCount={request.responseCount} />
          {request.payAfterReview ? <SurveyResponses request={request} /> : null}
        </>
      )}
    </RequestPageShell>
  );
}
