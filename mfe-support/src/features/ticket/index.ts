export { TicketPage } from './components/TicketPage';
