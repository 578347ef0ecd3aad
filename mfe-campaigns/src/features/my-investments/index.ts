export { MyInvestmentsPage } from './components/MyInvestmentsPage';
