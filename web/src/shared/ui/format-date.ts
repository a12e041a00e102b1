const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTime.format(date) : iso;
}

// Date and time separately, for narrow table cells that stack them.
export function formatDateAndTime(iso: string): { date: string; time: string } {
  const date = parse(iso);
  return date ? { date: dateOnly.format(date), time: timeOnly.format(date) } : { date: iso, time: '' };
}
