import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RequestResultsDocument,
  ResponsesForExportDocument,
  SurveyPersonalAnswersDocument,
  SurveyResultsDocument,
  type SurveyResultsQuery,
} from '../responses.generated';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { buildRequestResults } from '../../../test/request-factories';

type Group = SurveyResultsQuery['surveyStatistics'][number];
const group = (questionId: string, title: string, type: Group['type'], counts: [string, number][]) => ({
  __typename: 'SurveyResultGroup' as const,
  questionId,
  title,
  type,
  data: counts.map(([option, counter]) => ({
    __typename: 'OptionCount' as const,
    option,
    counter,
    row: null,
    meanRank: null,
  })),
});

const GROUPS = [
  group('q1', 'Coffee or tea?', 'radios', [
    ['Coffee', 9],
    ['Tea', 6],
    ['Both', 3],
    ['Neither', 2],
  ]),
  group('q2', 'How much do you like our menu?', 'stars', [
    ['1', 0],
    ['2', 1],
    ['3', 4],
    ['4', 8],
    ['5', 7],
  ]),
  group('q3', 'A question nobody answered', 'dropdown', [
    ['Yes', 0],
    ['No', 0],
  ]),
];

function givenSurvey() {
  givenSignedInSession();
  const survey = buildRequestResults({ type: 'survey', title: 'Coffee and tea', responseCount: 20 });
  server.use(
    graphql.query(RequestResultsDocument, () => HttpResponse.json({ data: { request: survey } })),
    graphql.query(SurveyResultsDocument, ({ variables }) =>
      HttpResponse.json({ data: { surveyStatistics: variables.requestId === survey.id ? GROUPS : [] } }),
    ),
  );
  return survey;
}

afterEach(() => vi.restoreAllMocks());

function captureDownloads() {
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  return files;
}
const csvLines = async (file: Blob) =>
  (await file.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('survey CSV downloads', () => {
  it('writes one row per response and one column per question, checkbox choices joined, and the order shown', async () => {
    const survey = givenSurvey();
    const answer = (questionId: string, option: string) => ({ __typename: 'ResponseAnswer', questionId, option });
    server.use(
      graphql.query(ResponsesForExportDocument, () =>
        HttpResponse.json({
          data: {
            requestResponses: {
              count: 2,
              list: [
                {
                  id: 'r1',
                  memberId: 'M1',
                  createdAt: '2026-03-05T08:00:00Z',
                  answers: [answer('q1', 'Tea'), answer('q2', '4')],
                },
                {
                  id: 'r2',
                  memberId: 'M2',
                  createdAt: '2026-03-06T08:00:00Z',
                  answers: [answer('q1', 'Coffee'), answer('q3', 'Yes'), answer('q3', '=1+1')],
                  // a randomised survey: the order this participant saw
                  presented: {
                    __typename: 'PresentedOrder',
                    questions: ['q2', 'q1', 'q3'],
                    options: [{ __typename: 'PresentedOptions', questionId: 'q1', options: ['Tea', 'Coffee'] }],
                  },
                },
              ].map((row) => ({
                __typename: 'Response',
                encryptedData: null,
                sealedKey: null,
                presented: null,
                ...row,
              })),
            },
          },
        }),
      ),
    );
    const files = captureDownloads();
    renderApp(`/admin/request/survey/detail/${survey.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Responses CSV' }, { timeout: 20_000 }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(await csvLines(files[0])).toEqual([
      'Member ID,Submitted,1. Coffee or tea?,2. How much do you like our menu?,3. A question nobody answered,Question order,Choice order',
      'M1,2026-03-05T08:00:00Z,Tea,4,,,',
      'M2,2026-03-06T08:00:00Z,Coffee,,Yes; =1+1,"2, 1, 3",Q1: Tea | Coffee',
    ]);
  });

  it('writes the option counts with their shares', async () => {
    const survey = givenSurvey();
    const files = captureDownloads();
    renderApp(`/request/survey/report/${survey.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Statistics CSV' }, { timeout: 20_000 }));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = await csvLines(files[0]);
    expect(lines[0]).toBe('Question,Option,Count,Share (%)');
    expect(lines.slice(1, 3)).toEqual(['1. Coffee or tea?,Coffee,9,45', '1. Coffee or tea?,Tea,6,30']);
    expect(lines.at(-1)).toBe('3. A question nobody answered,No,0,0');
    expect(lines).toHaveLength(1 + 4 + 5 + 2);
  });
});

describe('survey detail', () => {
  it('draws one pie per question, titled by the question, with a slice value per option', async () => {
    const survey = givenSurvey();
    renderApp(`/admin/request/survey/detail/${survey.id}`);
    // the first visit transforms the chart chunk (nivo, d3) on the fly: give it time on a busy machine
    const details = await screen.findByRole('table', { name: 'High Level Details' }, { timeout: 20_000 });
    expect(details).toHaveTextContent('Survey');
    const pies = await screen.findAllByRole('img', { name: /./ });
    expect(pies.map((pie) => pie.getAttribute('aria-label'))).toEqual([
      'Coffee or tea?: Coffee 9, Tea 6, Both 3, Neither 2',
      'How much do you like our menu?: 1 0, 2 1, 3 4, 4 8, 5 7',
      'A question nobody answered: Yes 0, No 0',
    ]);
    for (const [i, pie] of pies.entries()) {
      // spec: 230 px high
      expect(getComputedStyle(pie).height).toBe('230px');
      const card = pie.closest('section')!;
      expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(GROUPS[i].title);
    }
    const first = pies[0].closest('section')!;
    expect(within(first).getByText('20 answers')).toBeInTheDocument();
    const empty = pies[2].closest('section')!;
    expect(within(empty).getByText('Nobody has answered this question yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Option counts report' })).toHaveAttribute(
      'href',
      `/request/survey/report/${survey.id}`,
    );
  });

  it('shows a title that pipes an earlier answer with a placeholder, not its {{qN}}', async () => {
    givenSignedInSession();
    const survey = buildRequestResults({ type: 'survey', title: 'Piped', responseCount: 1 });
    const piped = [
      group('q1', 'Your nickname', 'short_text', []),
      group('q2', 'Why {{q1}}, {{ q1 }}?', 'radios', [['Because', 1]]),
      group('q3', 'Recommend us, {{q1}}?', 'nps', [['9', 1]]),
    ];
    server.use(
      graphql.query(RequestResultsDocument, () => HttpResponse.json({ data: { request: survey } })),
      graphql.query(SurveyResultsDocument, () => HttpResponse.json({ data: { surveyStatistics: piped } })),
      // the short-text answers are listed per response under the charts: none decrypted here
      graphql.query(SurveyPersonalAnswersDocument, ({ variables }) =>
        HttpResponse.json({
          data: {
            requestResponses: { list: [], count: 0, offset: variables.offset },
          },
        }),
      ),
    );
    renderApp(`/admin/request/survey/detail/${survey.id}`);
    await screen.findByRole(
      'img',
      { name: 'Why [answer to question 1], [answer to question 1]?: Because 1' },
      {
        timeout: 20_000,
      },
    );
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(
      expect.arrayContaining([
        'Why [answer to question 1], [answer to question 1]?',
        'Recommend us, [answer to question 1]?',
      ]),
    );
    expect(document.body.textContent).not.toContain('{{');
  });

  it('report route: a table of option counts per question, every option in order', async () => {
    const survey = givenSurvey();
    renderApp(`/request/survey/report/${survey.id}`);
    const table = await screen.findByRole('table', { name: 'Coffee or tea?' }, { timeout: 20_000 });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Coffee', '9', '45%'],
      ['Tea', '6', '30%'],
      ['Both', '3', '15%'],
      ['Neither', '2', '10%'],
    ]);
    const stars = screen.getByRole('table', { name: 'How much do you like our menu?' });
    expect(within(stars).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByRole('table', { name: 'A question nobody answered' })).toHaveTextContent('Yes00%No00%');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Coffee and tea'));
  });
});
