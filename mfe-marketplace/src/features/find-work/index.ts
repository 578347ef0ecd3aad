export { FindWorkPage } from './components/FindWorkPage';
