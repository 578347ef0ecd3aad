export { ThreadsPage } from './components/ThreadsPage';
export { NewMessagePage } from './components/NewMessagePage';
export { ChatPage, NewChatPage } from './components/ChatPage';
