import { Suspense, useState } from 'react';
import styled from 'styled-components';
import {
  CenteredMessage,
  NotFound,
  Route,
  Routes,
  Spinner,
  dispatchToPortal,
  recordLibraryIdentity,
  lazyPage,
  openedPage,
} from '@portal/shared-ui';
import { FeedPage } from '../features/feed';
import { feedApi } from '../features/feed/api/feed';

// The feed is the remote's first route (the header's Feed link), so it ships in the remote's first
// chunk; every other page is its own chunk (first-route budget <= 50 KB gzip).
const CreatePostPage = lazyPage(() => import('../features/create-post'), 'CreatePostPage');
const PostPage = lazyPage(() => import('../features/post'), 'PostPage');
const UserPage = lazyPage(() => import('../features/user'), 'UserPage');
const messages = () => import('../features/messages');
const ThreadsPage = lazyPage(messages, 'ThreadsPage');
const NewMessagePage = lazyPage(messages, 'NewMessagePage');
const ChatPage = lazyPage(messages, 'ChatPage');
const NewChatPage = lazyPage(messages, 'NewChatPage');

const pageLoading = (
  <CenteredMessage role="status">
    <Spinner /> Loading...
  </CenteredMessage>
);

recordLibraryIdentity('mfe-social', useState, styled);
// The feed's first page is asked for as this module loads (the shell's early script has it in flight).
if (location.pathname === '/feed') dispatchToPortal(feedApi.util.prefetch('getFeed', {}, {}));

// Declared once: App renders them; `ready` loads the lazy page a visit opens on (shared-ui openedPage).
const routes = (
  <Routes>
    <Route path="/feed" element={<FeedPage />} />
    <Route path="/create-post" element={<CreatePostPage />} />
    <Route path="/post/:postId" element={<PostPage />} />
    <Route path="/user/:username" element={<UserPage />} />
    <Route path="/profile/:userId" element={<UserPage />} />
    <Route path="/messages" element={<ThreadsPage />} />
    <Route path="/messages/new" element={<NewMessagePage />} />
    <Route path="/messages/new/:userId" element={<NewChatPage />} />
    <Route path="/messages/:threadId" element={<ChatPage />} />
    <Route path="*" element={<NotFound />} />
  </Routes>
);
export const ready = openedPage(routes);

/** Exposed as `mfe_social/App`: the social routes (package.json "portal.routes"), at the portal's absolute paths. */
export default function App() {
  return <Suspense fallback={pageLoading}>{routes}</Suspense>;
}
