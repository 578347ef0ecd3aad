export { PostPage } from './components/PostPage';
