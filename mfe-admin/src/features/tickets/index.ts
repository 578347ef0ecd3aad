export { TicketsPage } from './components/TicketsPage';
export { TicketDetailPage } from './components/TicketDetailPage';
