// The CSV writer lives beside the export API (one module, so a file from the browser and one from
// the server or `npm run export` are the same bytes); the web app imports it from there.
export { csvCell, csvHead, csvLine, toCsv } from '../../../shared/csv';
