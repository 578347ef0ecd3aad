export { UsersPage } from './components/UsersPage';
