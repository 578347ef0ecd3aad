export { TransactionsPage } from './components/TransactionsPage';
