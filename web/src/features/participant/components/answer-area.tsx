import CheckCircle from '@mui/icons-material/CheckCircle';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { randomBytes } from '../../../crypto/bytes';
import { DATA_KEY_BYTES, sealCollectionResponse, type CollectionData } from '../../../crypto/collection-response';
import {
  PhoneApiError,
  phoneApi,
  type Accepted,
  type EndUserData,
  type Fieldwork,
  type Submitted,
} from '../api/phone-api';
import { deviceId, rememberAnswer } from '../participant-storage';
import {
  clearDraft,
  clearQueued,
  loadDraft,
  newAnswerKey,
  queueAnswer,
  queuedAnswer,
  saveDraft,
  type QueuedAnswer,
} from '../survey-draft';
import { useParticipantWallet } from '../wallet/use-participant-wallet';
import { WalletSetup } from '../wallet/wallet-setup';
import { WalletSummary } from '../wallet/wallet-summary';
import {
  checkCollection,
  CollectionFields,
  collectionData,
  pickImages,
  type CollectionValues,
} from './collection-form';
import { uploadEncryptedImages, type PickedImage } from './image-upload';
import { ConsentSummary } from './consent-summary';
import { Panel } from './light-ui';
import { PayoutStatus } from './payout-status';
import { serverErrorText } from './error-text';
import {
  checkSurvey,
  isPersonal,
  personalAnswers,
  SurveyFields,
  surveyAnswers,
  surveyOrder,
  type SurveyValues,
} from './survey-form';
import { useFormat, useT, type Translate } from '../i18n/i18n';

/** An answer the server took: remembered for My answers (unless it ended without a place), and
 * nothing of it left waiting in this browser. */
function answered(request: EndUserData, accepted: Accepted): void {
  clearQueued(request.id);
  clearDraft(request.id);
  if (accepted.outcome && accepted.outcome !== 'accepted') return;
  rememberAnswer({
    requestId: request.id,
    title: request.title,
    type: request.type,
    bonusEach: request.bonus_each,
    at: accepted.created,
  });
}

const refusal = (e: unknown, t: Translate) =>
  e instanceof PhoneApiError
    ? e.status === 409
      ? t('Not accepted: {{message}}', { message: serverErrorText(e, t) })
      : serverErrorText(e, t)
    : t('Your answer could not be encrypted in this browser.');

/** The survey's answers as submitSurvey takes them, personal ones sealed to the request key. */
async function surveyBody(
  request: EndUserData,
  survey: SurveyValues,
  base: Pick<QueuedAnswer, 'deviceId' | 'walletAddress' | 'durationMs' | 'presented'>,
): Promise<QueuedAnswer> {
  const questions = request.questions ?? [];
  const personal = personalAnswers(questions, survey);
  const ids = Object.keys(personal);
  // text, number and date answers are sealed here, like a collection's data: the server stores
  // ciphertext only (and so does this browser while the answer waits to be sent)
  const sealed = ids.length
    ? await sealCollectionResponse(request.id, request.publicKey, { answers: personal } as CollectionData)
    : {};
  return {
    requestId: request.id,
    idempotencyKey: newAnswerKey(),
    ...base,
    answers: surveyAnswers(questions, survey),
    ...(ids.length ? { personal: ids, ...sealed } : {}),
  };
}

// The answering part of the request page, loaded after the request is on screen: the form, the
// wallet, encryption and upload, then the answer's state.
export function Done({ request, submitted }: { request: EndUserData; submitted: Submitted | Accepted }) {
  const t = useT();
  const format = useFormat();
  const at = 'created' in submitted ? submitted.created : submitted.submittedAt;
  return (
    <Panel>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <CheckCircle color="success" sx={{ fontSize: 36 }} aria-hidden />
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 400 }}>
            {t('Thank you: your answer was received')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {at ? `${t('Sent {{at}}.', { at: format.dateTime(at) })} ` : ''}
            {t(request.bonus_each === 1 ? '{{count}} IPT goes to your wallet.' : '{{count}} IPT go to your wallet.', {
              count: request.bonus_each,
            })}
          </Typography>
          <PayoutStatus payout={submitted.payout} />
          <Button component={RouterLink} to="/p/answers" variant="outlined" sx={{ mt: 2 }}>
            {t('My answers')}
          </Button>
        </Box>
      </Box>
    </Panel>
  );
}

/** An answer that ended without a paid place: screened out, or a full quota. Said kindly. */
export function Ended({ answer }: { answer: Accepted }) {
  const t = useT();
  const screened = answer.outcome === 'screened_out';
  return (
    <Panel>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }} data-outcome={answer.outcome}>
        <InfoOutlined color="info" sx={{ fontSize: 36 }} aria-hidden />
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 400 }}>
            {t(
              screened ? 'Thank you: this study is looking for someone else' : 'Thank you: this group is already full',
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {answer.message ? t(answer.message) : null}
          </Typography>
          {answer.payout ? (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t(
                  answer.payout.amount === 1
                    ? 'For your time, {{count}} IPT goes to your wallet.'
                    : 'For your time, {{count}} IPT go to your wallet.',
                  { count: answer.payout.amount },
                )}
              </Typography>
              <PayoutStatus payout={answer.payout} />
            </>
          ) : null}
          <Button component={RouterLink} to="/p" variant="outlined" sx={{ mt: 2 }}>
            {t('Other requests')}
          </Button>
        </Box>
      </Box>
    </Panel>
  );
}

/** The survey's attention-check rule, said before the first question (getFieldwork). */
function useFieldwork(request: EndUserData): Fieldwork | null {
  const [fieldwork, setFieldwork] = useState<Fieldwork | null>(null);
  useEffect(() => {
    if (request.type !== 'survey') return;
    let live = true;
    phoneApi
      .fieldwork(request.id)
      .then((f) => live && setFieldwork(f))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request.id, request.type]);
  return fieldwork;
}

export function AnswerForm({
  request,
  onDone,
  onQueued,
}: {
  request: EndUserData;
  onDone: (accepted: Accepted) => void;
  // the connection was lost on sending: the answer waits in this browser (AnswerArea sends it)
  onQueued: () => void;
}) {
  const t = useT();
  const wallet = useParticipantWallet();
  const fieldwork = useFieldwork(request);
  // the time taken goes with the answers: the requester sees answers far faster than the median
  const [startedAt] = useState(() => Date.now());
  const questions = useMemo(() => request.questions ?? [], [request.questions]);
  const drafted = useMemo(() => questions.map((q) => ({ id: q.id, personal: isPersonal(q) })), [questions]);
  // a randomised survey's order for this browser: the same after a reload
  const order = useMemo(() => surveyOrder(request.id, deviceId(), questions), [request.id, questions]);
  // the answers given before a reload or a closed tab (closed questions only: survey-draft.ts)
  const [survey, setSurvey] = useState<SurveyValues>(() => loadDraft(request.id, drafted));
  const [values, setValues] = useState<CollectionValues>({});
  const [images, setImages] = useState<PickedImage[]>([]);
  const [pickProblems, setPickProblems] = useState<string[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = request.options ?? {};

  const recheck = (nextSurvey = survey, nextValues = values, nextImages = images) =>
    request.type === 'survey'
      ? checkSurvey(questions, nextSurvey, t)
      : checkCollection(options, nextValues, nextImages, t);

  // once everything is fixed, the "needs a look" message goes too
  const showProblems = (found: Record<string, string>) => {
    setProblems(found);
    if (Object.keys(found).length === 0) setError(null);
  };

  const submit = async () => {
    const found = recheck();
    setProblems(found);
    setChecked(true);
    if (Object.keys(found).length > 0) {
      setError(t('Some answers need a look: they are marked below.'));
      return;
    }
    if (!wallet) {
      setError(t('Choose where your bonus goes first: create, paste or connect a wallet below.'));
      return;
    }
    setBusy(true);
    setError(null);
    const device = deviceId();
    try {
      let accepted: Accepted;
      if (request.type === 'survey') {
        const body = await surveyBody(request, survey, {
          deviceId: device,
          walletAddress: wallet.address,
          durationMs: Math.min(86_400_000, Math.max(0, Date.now() - startedAt)),
          ...(order ? { presented: order } : {}),
        });
        // kept until the server answers: a lost connection sends it later, with the same key
        queueAnswer(body);
        try {
          accepted = await phoneApi.submitSurvey(body);
        } catch (e) {
          if (e instanceof PhoneApiError && e.status === 0) return onQueued();
          clearQueued(request.id);
          throw e;
        }
      } else {
        const dataKey = randomBytes(DATA_KEY_BYTES);
        let links: string[] = [];
        if (options.personalImages) {
          setProgress(0);
          links = await uploadEncryptedImages(
            images,
            { requestId: request.id, deviceId: device, dataKey },
            setProgress,
          );
        }
        const sealed = await sealCollectionResponse(
          request.id,
          request.publicKey,
          collectionData(options, values, links),
          dataKey,
        );
        accepted = await phoneApi.submitCollection({
          requestId: request.id,
          deviceId: device,
          walletAddress: wallet.address,
          ...sealed,
        });
      }
      answered(request, accepted);
      onDone(accepted);
    } catch (e) {
      setError(refusal(e, t));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('Your answer')}
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      <Panel title={t(request.type === 'survey' ? 'Your answers' : 'Your data')}>
        {fieldwork?.attention_rule ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="attention-rule">
            {fieldwork.attention_rule}
          </Alert>
        ) : null}
        {request.type === 'survey' ? (
          <SurveyFields
            questions={questions}
            order={order}
            values={survey}
            problems={problems}
            onChange={(id, v) => {
              const next = { ...survey, [id]: v };
              setSurvey(next);
              saveDraft(request.id, next, drafted);
              if (checked) showProblems(recheck(next));
            }}
          />
        ) : (
          <CollectionFields
            options={options}
            values={values}
            problems={problems}
            images={images}
            pickProblems={pickProblems}
            onChange={(key, v) => {
              const next = { ...values, [key]: v };
              setValues(next);
              if (checked) showProblems(recheck(survey, next));
            }}
            onPick={(files) =>
              void pickImages(images, files, t).then(({ picked, problems: found }) => {
                setImages(picked);
                setPickProblems(found);
                if (checked) showProblems(recheck(survey, values, picked));
              })
            }
            onRemoveImage={(i) => {
              const next = images.filter((_, j) => j !== i);
              setImages(next);
              if (checked) showProblems(recheck(survey, values, next));
            }}
          />
        )}
      </Panel>
      <Panel title={t('Your bonus goes to')}>{wallet ? <WalletSummary wallet={wallet} /> : <WalletSetup />}</Panel>
      <Panel label={t('Send')}>
        <ConsentSummary request={request} />
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        {progress !== null ? (
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              {t('Uploading encrypted images… {{percent}}%', { percent: Math.round(progress * 100) })}
            </Typography>
            <LinearProgress variant="determinate" value={progress * 100} aria-label={t('Image upload')} />
          </Box>
        ) : null}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {t(busy ? 'Sending…' : request.type === 'collection' ? 'Encrypt and send' : 'Send my answers')}
        </Button>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, textAlign: 'center' }}>
          {t('You can withdraw your answer later under My answers.')}
        </Typography>
      </Panel>
    </Box>
  );
}

/** An answer made offline: said plainly while it waits for the connection. */
function Waiting() {
  const t = useT();
  return (
    <Panel>
      <Alert severity="info" data-testid="answer-waiting">
        {t(
          'You are offline. Your answers are kept in this browser and are sent, once, as soon as the connection returns (with this page open, or the next time you open it).',
        )}
      </Alert>
      <LinearProgress sx={{ mt: 2 }} aria-label={t('Waiting for the connection')} />
    </Panel>
  );
}

/**
 * Sends the answer waiting in this browser now and whenever the connection returns, with the key
 * it was made with: however often it goes, the server takes it once (submission-replay on the
 * server). A refusal (not a lost connection) drops it and says why; the draft stays to fix it.
 */
function useResend(
  request: EndUserData,
  waiting: boolean,
  onAccepted: (accepted: Accepted) => void,
  onRefused: (message: string) => void,
  t: Translate,
) {
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    let sending = false;
    const send = () => {
      const queued = queuedAnswer(request.id);
      if (sending || !queued) return;
      sending = true;
      phoneApi
        .submitSurvey(queued)
        .then((accepted) => {
          answered(request, accepted);
          if (live) onAccepted(accepted);
        })
        .catch((e: unknown) => {
          if (e instanceof PhoneApiError && e.status === 0) return;
          clearQueued(request.id);
          if (live) onRefused(refusal(e, t));
        })
        .finally(() => {
          sending = false;
        });
    };
    send();
    window.addEventListener('online', send);
    return () => {
      live = false;
      window.removeEventListener('online', send);
    };
    // the callbacks change every render; the effect follows the waiting state only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request.id, waiting]);
}

/** The form, or the answer's state once this browser has answered. */
export function AnswerArea({
  request,
  submitted,
  onSent,
}: {
  request: EndUserData;
  submitted: Submitted;
  // the answer was accepted: the page reloads what changed with it (the places left)
  onSent: () => void;
}) {
  const t = useT();
  const [accepted, setAccepted] = useState<Accepted | null>(null);
  // an answer waiting in this browser for the connection (survey-draft.ts)
  const [waiting, setWaiting] = useState(() => request.type === 'survey' && queuedAnswer(request.id) !== null);
  const [refused, setRefused] = useState<string | null>(null);
  const done = (answer: Accepted) => {
    setAccepted(answer);
    setWaiting(false);
    onSent();
  };
  useResend(
    request,
    waiting,
    done,
    (message) => {
      setRefused(message);
      setWaiting(false);
    },
    t,
  );
  if (accepted?.outcome && accepted.outcome !== 'accepted') return <Ended answer={accepted} />;
  if (accepted) return <Done request={request} submitted={accepted} />;
  if (waiting) return <Waiting />;
  if (submitted.submitted) return <Done request={request} submitted={submitted} />;
  if (request.closed_at) {
    return <Alert severity="info">{t('This study is closed: it already has all the answers it needs.')}</Alert>;
  }
  if (request.remaining === 0)
    return <Alert severity="info">{t('This request has all the answers it can pay for.')}</Alert>;
  return (
    <>
      {refused ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refused}
        </Alert>
      ) : null}
      <AnswerForm request={request} onDone={done} onQueued={() => setWaiting(true)} />
    </>
  );
}
