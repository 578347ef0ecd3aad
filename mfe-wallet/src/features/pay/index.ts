export { PayPage } from './components/PayPage';
