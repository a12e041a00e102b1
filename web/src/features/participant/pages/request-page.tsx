import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { CollectionOptions } from '../../../shared/collection/collection-format';
import { phoneApi, type EndUserData } from '../api/phone-api';
import { BonusPill, Note, Panel, Pill, Placeholder, placesLeft, Text } from '../components/light-ui';
import { LightIcon } from '../components/light-icons';
import { useLoad } from '../components/use-load';
import { deviceId } from '../participant-storage';

const AnswerArea = lazy(async () => ({ default: (await import('../components/answer-area')).AnswerArea }));

export const PRIVACY_NOTE = "encrypted in this browser to the requester's key; the server cannot read it";

const ASKED: Record<keyof CollectionOptions, string> = {
  profileData: 'Profile: name, age, mobile, e-mail, gender',
  locationData: 'Location: an address',
  healthData: 'Health: steps, resting heart rate, sleep',
  idData: 'ID document: type, country, last 4 characters',
  personalImages: 'Personal images: 1 to 5 photos',
};

function RequestHeader({ request }: { request: EndUserData }) {
  const asked = request.options
    ? (Object.keys(ASKED) as (keyof CollectionOptions)[]).filter((o) => request.options?.[o]).map((o) => ASKED[o])
    : [];
  const questions = request.questions?.length ?? 0;
  return (
    <Panel label="Request">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <BonusPill bonusEach={request.bonus_each} />
        <Pill>{request.type_name}</Pill>
        <Text variant="caption" color="text.secondary">
          {placesLeft(request.remaining)}
        </Text>
      </Box>
      {request.pay_after_review ? (
        <Text variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          Paid after the requester reviews your answer: within {request.review_days} day
          {request.review_days === 1 ? '' : 's'}, or it is paid anyway. A rejected answer is not paid.
        </Text>
      ) : null}
      <Text variant="h5" component="h1" sx={{ fontWeight: 400, overflowWrap: 'anywhere' }}>
        {request.title}
      </Text>
      {request.description ? (
        <Text variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {request.description}
        </Text>
      ) : null}
      <Text variant="subtitle2" sx={{ mt: 2 }}>
        What is asked
      </Text>
      {request.type === 'survey' ? (
        <Text variant="body2">
          {questions} question{questions === 1 ? '' : 's'}
        </Text>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {asked.map((line) => (
            <Text component="li" variant="body2" key={line}>
              {line}
            </Text>
          ))}
        </Box>
      )}
      {request.type === 'collection' ? (
        <Box sx={{ mt: 2 }}>
          <Note tone="success" icon={<LightIcon name="lock" size={20} />} label="Privacy">
            What you share is {PRIVACY_NOTE}.
          </Note>
        </Box>
      ) : (
        <Box sx={{ mt: 2 }}>
          <Note tone="info" icon={<LightIcon name="visibilityOff" size={20} />} label="Privacy">
            Survey answers are counted by the server to show totals; they carry no name, only this browser&apos;s random
            id and the wallet that receives the bonus.
          </Note>
        </Box>
      )}
    </Panel>
  );
}

// /p/r/:id: the shared link of a published request. What is asked, the bonus and the privacy note
// first; the form, the wallet and submit (or this browser's answer) load just after.
export function RequestPage() {
  const { id = '' } = useParams();
  const loaded = useLoad(async () => {
    const [request, submitted] = await Promise.all([phoneApi.request(id), phoneApi.checkSubmitted(id, deviceId())]);
    return { request, submitted };
  }, id);

  if (loaded.error) {
    const gone = loaded.error.status === 404 || loaded.error.status === 400;
    return (
      <Panel label="Request">
        <Note tone="warning">
          {gone
            ? 'This request does not exist or is no longer open.'
            : `The request could not be loaded: ${loaded.error.message}`}
        </Note>
        <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
          {gone ? null : (
            <Box component="button" type="button" onClick={loaded.reload} sx={LINK}>
              Try again
            </Box>
          )}
          <Box component={RouterLink} to="/p" sx={LINK}>
            See open requests
          </Box>
        </Box>
      </Panel>
    );
  }
  if (!loaded.data) {
    return (
      <Box aria-busy>
        <Placeholder height={220} />
        <Placeholder height={320} />
      </Box>
    );
  }
  const { request, submitted } = loaded.data;
  return (
    <Box>
      <RequestHeader request={request} />
      <Suspense fallback={<Placeholder height={320} />}>
        <AnswerArea request={request} submitted={submitted} onSent={loaded.reload} />
      </Suspense>
    </Box>
  );
}

const LINK = {
  color: 'primary.main',
  font: 'inherit',
  fontWeight: 500,
  bgcolor: 'transparent',
  border: 0,
  p: 0,
  cursor: 'pointer',
  textDecoration: 'none',
} as const;
