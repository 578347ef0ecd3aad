export { UserPage } from './components/UserPage';
