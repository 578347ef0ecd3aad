export { ContactsPage } from './components/ContactsPage';
