export { SendMoneyPage } from './components/SendMoneyPage';
