import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  CenteredMessage,
  Input,
  Label,
  Spinner,
  errorMessage,
  toast,
  useDebounced,
  useLocation,
  useSearchParams,
} from '@portal/shared-ui';
import { Muted, Page, PageHead } from '../../../lib/ui';
import { useFindProjectsQuery, type FindWorkQuery } from '../api/find-projects';
import { useGetSkillsQuery } from '../api/get-skills';
import { ProjectCard } from './ProjectCard';
import { FALLBACK_SKILLS } from './skills';

const Layout = styled.div`display: grid; gap: 20px; grid-template-columns: 1fr; @media (min-width: 900px) { grid-template-columns: 240px 1fr; }`;
const Filters = styled(
  Card,
)`padding: 16px; align-self: start; fieldset { border: 0; margin: 0 0 16px; padding: 0; } legend { font-weight: 600; font-size: 14px; margin-bottom: 8px; }`;
const Check = styled.label`display: flex; align-items: center; gap: 8px; font-size: 14px; padding: 3px 0; cursor: pointer;`;
// a fixed height, loaded or not: the skills arriving after the projects must not push the cards down (CLS)
const SkillList = styled.div`height: 184px; overflow: auto;`;
const Cards = styled.div`display: grid; gap: 16px; grid-template-columns: 1fr; @media (min-width: 640px) { grid-template-columns: repeat(2, 1fr); } @media (min-width: 1100px) { grid-template-columns: repeat(3, 1fr); }`;

const Intro = styled.p`max-width: 720px; font-size: 16px; line-height: 1.5;`;

const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

/** One page of results (9); the page after it is asked for with its cursor when Load More is pressed. */
function ResultsPage({
  query,
  cursor,
  last,
  onMore,
}: {
  query: FindWorkQuery;
  cursor?: string;
  last: boolean;
  onMore: (cursor: string) => void;
}) {
  const { data, error, isFetching } = useFindProjectsQuery({ ...query, cursor });
  useEffect(() => {
    if (error) toast({ title: 'Error fetching projects', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (!data)
    return isFetching ? (
      <CenteredMessage role="status">
        <Spinner /> Loading projects...
      </CenteredMessage>
    ) : error ? (
      <Muted role="alert">Projects could not be loaded. Please try again.</Muted>
    ) : null;
  if (!cursor && data.projects.length === 0) {
    return (
      <CenteredMessage data-testid="no-projects">
        <div>
          <h2>No Projects Found</h2>
          <Muted>Try other words or fewer filters.</Muted>
        </div>
      </CenteredMessage>
    );
  }
  return (
    <>
      {data.projects.map((p) => (
        <ProjectCard key={p.id} project={p} />
      ))}
      {last && data.next_cursor && (
        <div style={{ gridColumn: '1 / -1', textAlign: 'center' }}>
          <Button type="button" $variant="outline" onClick={() => onMore(data.next_cursor!)}>
            Load More
          </Button>
        </div>
      )}
    </>
  );
}

/** /find-work (docs/product.md "Marketplace"): open projects newest first, search, budget type and skills filters, Load More. */
export function FindWorkPage() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 300);
  const types = list(params.get('budget_type'));
  const skills = list(params.get('skills'));
  const skillsQuery = useGetSkillsQuery();
  const skillChoices = skillsQuery.isError ? FALLBACK_SKILLS : (skillsQuery.data?.skills ?? []);
  const [cursors, setCursors] = useState<string[]>([]);

  const update = (key: string, values: string[]) => {
    const next = new URLSearchParams(params);
    if (values.length) next.set(key, values.join(','));
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const { pathname } = useLocation();
  useEffect(() => {
    // The text can settle after a click on a project: that navigation renders in a transition with this page still
    // mounted, and writing ?q= then would bring the user back here. The address bar has already moved on.
    if (window.location.pathname !== pathname) return;
    if ((params.get('q') ?? '') !== q) update('q', q ? [q] : []);
  }, [q]); // only when the debounced text settles
  const query: FindWorkQuery = {
    q: q || undefined,
    budget_type: types.length ? types.join(',') : undefined,
    skills: skills.length ? skills.join(',') : undefined,
  };
  const queryKey = JSON.stringify(query);
  useEffect(() => setCursors([]), [queryKey]);
  const toggle = (key: string, current: string[], value: string) =>
    update(key, current.includes(value) ? current.filter((v) => v !== value) : [...current, value]);

  return (
    <Page>
      <PageHead>
        <div>
          <h1>Find Work</h1>
          {/* painted with the page, before the projects arrive: on a phone it is the largest text at first sight (LCP) */}
          <Intro>
            Open projects from clients on the portal, newest first. Search by title, description or skill, filter by
            budget type and skills, and send a proposal from a project&apos;s page.
          </Intro>
        </div>
      </PageHead>
      <div style={{ marginBottom: 16 }}>
        <Label htmlFor="find-work-search">Search projects</Label>
        <Input
          id="find-work-search"
          type="search"
          placeholder="Search by title, description or skill"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <Layout>
        <Filters as="aside" aria-label="Filters">
          <fieldset>
            <legend>Budget type</legend>
            {(['fixed', 'hourly'] as const).map((t) => (
              <Check key={t}>
                <input type="checkbox" checked={types.includes(t)} onChange={() => toggle('budget_type', types, t)} />
                {t === 'fixed' ? 'Fixed price' : 'Hourly'}
              </Check>
            ))}
          </fieldset>
          <fieldset>
            <legend>Skills</legend>
            <SkillList>
              {skillsQuery.isLoading ? (
                <Muted>Loading skills...</Muted>
              ) : skillChoices.length === 0 ? (
                <Muted>No skills yet.</Muted>
              ) : (
                skillChoices.map((s) => (
                  <Check key={s}>
                    <input type="checkbox" checked={skills.includes(s)} onChange={() => toggle('skills', skills, s)} />
                    {s}
                  </Check>
                ))
              )}
            </SkillList>
          </fieldset>
          {(types.length > 0 || skills.length > 0) && (
            <Button
              type="button"
              $variant="ghost"
              $size="sm"
              onClick={() => setParams(q ? { q } : {}, { replace: true })}
            >
              Clear filters
            </Button>
          )}
        </Filters>
        <Cards data-testid="project-results">
          {[undefined, ...cursors].map((cursor, i) => (
            <ResultsPage
              key={`${queryKey}:${cursor ?? 'first'}`}
              query={query}
              cursor={cursor}
              last={i === cursors.length}
              onMore={(next) => setCursors((c) => [...c, next])}
            />
          ))}
        </Cards>
      </Layout>
    </Page>
  );
}
