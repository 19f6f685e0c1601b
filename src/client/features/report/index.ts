/** The host's evening report (docs/decisions/0084-the-hosts-evening-report.md): the report screen, and the rates across evenings for /dashboard. */
export { EveningReportScreen } from './components/evening-report';
export { ReportTrendsCard } from './components/report-trends';
