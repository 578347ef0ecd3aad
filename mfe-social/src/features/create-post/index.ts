export { CreatePostPage } from './components/CreatePostPage';
