import { useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  errorMessage,
  Label,
  toast,
} from '@portal/shared-ui';
import { useUpdateProfileMutation, type Profile } from '../api/profile-api';
import { Actions, ErrorText, Hint, Select, Section } from './ui';

const TagBox = styled.div`
  display: flex; flex-wrap: wrap; gap: 6px; align-items: center; min-height: 42px; padding: 6px 8px;
  border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius.md}; background: #fff;
  &:focus-within { outline: 2px solid ${(p) => p.theme.colors.ring}; outline-offset: 1px; }
  input { flex: 1; min-width: 120px; border: 0; outline: 0; font-size: 14px; height: 28px; background: transparent; }
`;
const Tag = styled.span`
  display: inline-flex; align-items: center; gap: 4px; padding: 2px 4px 2px 10px; border-radius: 999px; font-size: 13px;
  background: ${(p) => p.theme.colors.badge.blue.bg}; color: ${(p) => p.theme.colors.badge.blue.fg};
  button { border: 0; background: none; cursor: pointer; color: inherit; font-size: 15px; line-height: 1; padding: 0 4px; }
`;
const Block = styled.div`margin-bottom: 20px; max-width: 520px;`;
const MAX_TAGS = 10;
const PRIVACY = [
  ['public', 'Public: anyone signed in can see your profile'],
  ['friends_only', 'Friends only: people you are connected with'],
  ['private', 'Private: only you'],
] as const;

/** Account settings (docs/product.md "Profile, PIN and KYC" profile sections): default payment hashtags as tags, profile privacy. */
export function AccountSettingsCard({ profile }: { profile: Profile }) {
  const [tags, setTags] = useState<string[]>(profile.default_payment_hashtags);
  const [text, setText] = useState('');
  const [privacy, setPrivacy] = useState(profile.profile_privacy);
  const [problem, setProblem] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateProfileMutation();
  const dirty =
    privacy !== profile.profile_privacy ||
    tags.join(' ') !== profile.default_payment_hashtags.join(' ') ||
    text.trim() !== '';

  function add(raw: string) {
    const parts = raw
      .split(/[\s,]+/)
      .map((s) => s.replace(/^#+/, ''))
      .filter(Boolean);
    let next = [...tags];
    for (const p of parts) {
      if (!/^[A-Za-z0-9_]{1,30}$/.test(p)) {
        setProblem('A hashtag has 1-30 letters, numbers or underscores.');
        return next;
      }
      if (next.length >= MAX_TAGS) {
        setProblem(`At most ${MAX_TAGS} hashtags.`);
        return next;
      }
      if (!next.some((t) => t.toLowerCase() === `#${p}`.toLowerCase())) next = [...next, `#${p}`];
    }
    setProblem(null);
    setTags(next);
    setText('');
    return next;
  }
  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if ((e.key === 'Enter' || e.key === ',' || e.key === ' ') && text.trim()) {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && !text && tags.length) setTags(tags.slice(0, -1));
  }
  async function save() {
    const finalTags = text.trim() ? add(text) : tags;
    try {
      await update({ default_payment_hashtags: finalTags, profile_privacy: privacy }).unwrap();
      toast({ title: 'Profile Updated', description: 'Your account settings were saved.', variant: 'success' });
    } catch (e) {
      toast({ title: 'Update Failed', description: errorMessage(e), variant: 'destructive' });
    }
  }

  return (
    <Section id="settings" data-testid="settings-card">
      <CardHeader>
        <CardTitle>Account Settings</CardTitle>
        <CardDescription>Defaults for your payments and who can see your profile.</CardDescription>
      </CardHeader>
      <CardContent>
        <Block>
          <Label htmlFor="hashtag-input">Default payment hashtags</Label>
          <TagBox>
            {tags.map((t) => (
              <Tag key={t} data-testid="hashtag">
                {t}
                <button type="button" aria-label={`Remove ${t}`} onClick={() => setTags(tags.filter((x) => x !== t))}>
                  ×
                </button>
              </Tag>
            ))}
            <input
              id="hashtag-input"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKey}
              onBlur={() => text.trim() && add(text)}
              placeholder={tags.length ? '' : 'e.g. rent, food'}
            />
          </TagBox>
          <Hint>Added to the note of every payment you send. Press Enter to add a tag.</Hint>
          {problem && <ErrorText role="alert">{problem}</ErrorText>}
        </Block>
        <Block>
          <Label htmlFor="privacy">Profile privacy</Label>
          <Select
            id="privacy"
            value={privacy}
            onChange={(e) => setPrivacy(e.target.value as Profile['profile_privacy'])}
          >
            {PRIVACY.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </Select>
        </Block>
        <Actions>
          <Button type="button" $size="sm" onClick={save} disabled={isLoading || !dirty}>
            {isLoading ? 'Saving...' : 'Save Settings'}
          </Button>
        </Actions>
      </CardContent>
    </Section>
  );
}
