export { PostProjectPage } from './components/PostProjectPage';
