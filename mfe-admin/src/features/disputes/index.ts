export { DisputesPage } from './components/DisputesPage';
