export { CreateCampaignPage } from './components/CreateCampaignPage';
