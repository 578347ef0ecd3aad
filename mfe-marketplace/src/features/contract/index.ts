export { ContractPage } from './components/ContractPage';
