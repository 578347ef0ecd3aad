export { MyProjectsPage } from './components/MyProjectsPage';
