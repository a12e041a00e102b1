// What the CSV download buttons share: every response of a request, a page at a time, and the
// error they show when that fails.
import Alert from '@mui/material/Alert';
import { useApolloClient } from '@apollo/client/react';
import { ResponsesForExportDocument, type ResponsesForExportQuery } from '../responses.generated';

const PAGE = 100;
type Row = ResponsesForExportQuery['requestResponses']['list'][number];

export function useAllResponses(requestId: string) {
  const client = useApolloClient();
  return async (onPage: (done: number, total: number) => void): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const { data } = await client.query({
        query: ResponsesForExportDocument,
        variables: { requestId, offset, limit: PAGE },
        fetchPolicy: 'network-only',
      });
      if (!data) throw new Error('no data');
      rows.push(...data.requestResponses.list);
      onPage(rows.length, data.requestResponses.count);
      if (data.requestResponses.list.length < PAGE || rows.length >= data.requestResponses.count) return rows;
    }
  };
}

export function ExportError({ message, onClose }: { message: string | null; onClose: () => void }) {
  return message ? (
    <Alert severity="error" onClose={onClose} sx={{ mt: 1 }}>
      {message}
    </Alert>
  ) : null;
}
