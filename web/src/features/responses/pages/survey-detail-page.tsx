import Assessment from '@mui/icons-material/Assessment';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { usePreloadWhenIdle } from '../../../shared/ui/lazy-part';
import { requestDetailPath, requestReportPath } from '../../../shared/requests/request-routes';
import {
  FieldworkPart,
  ParticipantLinkPart,
  RESPONSE_PARTS,
  SurveyPersonalAnswersPart,
  SurveyResponsesPart,
} from '../components/lazy-parts';
import { RequestPageShell } from '../components/request-page-shell';
import { SurveyCsvButtons } from '../components/survey-csv-buttons';
import { SurveyPies } from '../components/survey-pies';

// /admin/request/survey/detail/:id: High Level Details and one pie per question; paid after review,
// the responses with Approve and Reject.
export function SurveyDetailPage() {
  usePreloadWhenIdle(...RESPONSE_PARTS);
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
          {request.status === 1 ? <ParticipantLinkPart requestId={request.id} title={request.title} /> : null}
          <SurveyPies requestId={request.id} responseCount={request.responseCount} />
          <SurveyPersonalAnswersPart requestId={request.id} keyId={request.keyId} />
          <FieldworkPart request={request} />
          {request.payAfterReview ? <SurveyResponsesPart request={request} /> : null}
        </>
      )}
    </RequestPageShell>
  );
}
