export { PaymentRequestsPanel } from './components/PaymentRequestsPanel';
