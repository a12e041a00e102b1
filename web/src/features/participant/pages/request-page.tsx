import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { CollectionOptions } from '../../../shared/collection/collection-format';
import { phoneApi, type EndUserData } from '../api/phone-api';
import { BonusPill, Note, Panel, Pill, Placeholder, placesLeft, Text } from '../components/light-ui';
import { LightIcon } from '../components/light-icons';
import { useLoad } from '../components/use-load';
import { useServerErrorText } from '../components/use-server-error-text';
import { deviceId } from '../participant-storage';
import { msg, participantLanguage, setAppLanguage, useAppLanguage, useT } from '../i18n/i18n';
import { LanguageSwitch } from '../components/language-switch';
import { languageInfo } from '../../../../../shared/languages';

const AnswerArea = lazy(async () => ({ default: (await import('../components/answer-area')).AnswerArea }));

export const PRIVACY_NOTE = "encrypted in this browser to the requester's key; the server cannot read it";

// (the same words the server signs into the consent receipt as the data categories)
const ASKED: Record<keyof CollectionOptions, string> = {
  profileData: msg('Profile: name, age, mobile, e-mail, gender'),
  locationData: msg('Location: an address'),
  healthData: msg('Health: steps, resting heart rate, sleep'),
  idData: msg('ID document: type, country, last 4 characters'),
  personalImages: msg('Personal images: 1 to 5 photos'),
};

function RequestHeader({ request, onLanguage }: { request: EndUserData; onLanguage: (code: string) => void }) {
  const t = useT();
  const asked = request.options
    ? (Object.keys(ASKED) as (keyof CollectionOptions)[]).filter((o) => request.options?.[o]).map((o) => t(ASKED[o]))
    : [];
  const questions = request.questions?.length ?? 0;
  return (
    <Panel label={t('Request')}>
      {request.languages && request.languages.length > 1 ? (
        <LanguageSwitch languages={request.languages} current={request.language ?? ''} onPick={onLanguage} />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <BonusPill bonusEach={request.bonus_each} t={t} />
        <Pill>{t(request.type_name)}</Pill>
        <Text variant="caption" color="text.secondary">
          {placesLeft(request.remaining, t)}
        </Text>
      </Box>
      {request.pay_after_review ? (
        <Text variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {t(
            request.review_days === 1
              ? 'Paid after the requester reviews your answer: within {{count}} day, or it is paid anyway. A rejected answer is not paid.'
              : 'Paid after the requester reviews your answer: within {{count}} days, or it is paid anyway. A rejected answer is not paid.',
            { count: request.review_days },
          )}
        </Text>
      ) : null}
      {/* the requester's words in their own direction (an English title on an Arabic page) */}
      <Text variant="h5" component="h1" dir="auto" sx={{ fontWeight: 400, overflowWrap: 'anywhere' }}>
        {request.localized?.title ?? request.title}
      </Text>
      {request.description ? (
        <Text variant="body2" color="text.secondary" dir="auto" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {request.localized?.description ?? request.description}
        </Text>
      ) : null}
      <Text variant="subtitle2" sx={{ mt: 2 }}>
        {t('What is asked')}
      </Text>
      {request.type === 'survey' ? (
        <Text variant="body2">
          {t(questions === 1 ? '{{count}} question' : '{{count}} questions', { count: questions })}
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
          <Note tone="success" icon={<LightIcon name="lock" size={20} />} label={t('Privacy')}>
            {t('What you share is {{note}}.', { note: t(PRIVACY_NOTE) })}
          </Note>
        </Box>
      ) : (
        <Box sx={{ mt: 2 }}>
          <Note tone="info" icon={<LightIcon name="visibilityOff" size={20} />} label={t('Privacy')}>
            {t(
              "Survey answers are counted by the server to show totals; they carry no name, only this browser's random id and the wallet that receives the bonus.",
            )}
          </Note>
        </Box>
      )}
    </Panel>
  );
}

// The languages to ask a survey in: the participant's pick in this survey's switch, else their
// pick in the app, then the browser's, most wanted first.
const browserLanguages = () =>
  (typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language])
    // only well-formed tags: the server refuses a malformed lang (400)
    .filter((tag) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag))
    .slice(0, 10);
const wanted = (inApp: string | null) => [...new Set([...(inApp ? [inApp] : []), ...browserLanguages()])].join(',');

// /p/r/:id: the shared link of a published request. What is asked, the bonus and the privacy note
// first; the form, the wallet and submit (or this browser's answer) load just after. A survey with
// languages comes in the participant's (picked, or browser's) language, and the app's own texts
// follow it; any other request shows in the participant's language. Laid out in its direction.
export function RequestPage() {
  const { id = '' } = useParams();
  // a language picked in the app's switch since this page opened asks the survey again in it
  const inApp = useAppLanguage().picked;
  const [picked, setPicked] = useState<{ code: string; inApp: string | null } | null>(null);
  const { t, dir } = useAppLanguage();
  const loaded = useLoad(
    async () => {
      const [request, submitted] = await Promise.all([
        phoneApi.request(id, picked && picked.inApp === inApp ? picked.code : wanted(inApp)),
        phoneApi.checkSubmitted(id, deviceId()),
      ]);
      // the app's own texts (and direction) follow the survey's language, loaded before the page shows
      await setAppLanguage(request.language ?? participantLanguage());
      return { request, submitted };
    },
    `${id} ${inApp ?? ''}`,
  );
  // the other screens are in the participant's language again
  useEffect(() => () => void setAppLanguage(participantLanguage()), []);
  const errorText = useServerErrorText(loaded.error);

  const gone = loaded.error?.status === 404 || loaded.error?.status === 400;
  // (the placeholder stays until the error's words have loaded)
  if (loaded.error && (gone || errorText !== null)) {
    return (
      <Panel label={t('Request')}>
        <Note tone="warning">
          {gone
            ? t('This request does not exist or is no longer open.')
            : t('The request could not be loaded: {{message}}', { message: errorText ?? '' })}
        </Note>
        <Box sx={{ display: 'flex', gap: 2, mt: 2 }}>
          {gone ? null : (
            <Box component="button" type="button" onClick={loaded.reload} sx={LINK}>
              {t('Try again')}
            </Box>
          )}
          <Box component={RouterLink} to="/p" sx={LINK}>
            {t('See open requests')}
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
  // a survey without the participant's language is shown in another of its languages (the header
  // names that one): said on the page, unless they chose it in the survey's own switch
  const wantedLanguage = participantLanguage();
  const surveyLanguages = request.languages ?? (request.language ? [request.language] : []);
  const notInWanted =
    !(picked && picked.inApp === inApp) &&
    request.language !== undefined &&
    surveyLanguages.length > 0 &&
    !surveyLanguages.includes(wantedLanguage);
  // the answers typed so far stay: the page keeps its form while the other language loads
  const pick = (code: string) => {
    setPicked({ code, inApp });
    loaded.reload();
  };
  return (
    <Box dir={dir} lang={request.language ?? 'en'} data-testid="survey-container">
      {notInWanted ? (
        <Box sx={{ mb: 2 }}>
          <Note tone="info">
            {t('This survey is not in {{wanted}}: it is shown in {{shown}}.', {
              wanted: languageInfo(wantedLanguage)?.name ?? wantedLanguage,
              shown: languageInfo(request.language ?? '')?.name ?? request.language ?? '',
            })}
          </Note>
        </Box>
      ) : null}
      <RequestHeader request={request} onLanguage={pick} />
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
