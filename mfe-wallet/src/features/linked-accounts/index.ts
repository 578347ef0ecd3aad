export { LinkedAccountsPage } from './components/LinkedAccountsPage';
