import { describe, expect, it } from 'vitest';
import { getPool } from '../../../platform/db/pool.js';
import { marketplaceTestClient, party, projectInput, usdId, type Json } from '../testing.js';
import { forgetSkills } from '../skills/service.js';
import { parseSkills, prefixQuery } from './service.js';

// docs/product.md "Marketplace" (post, find work), Post project, page size 9; search.
const { call } = marketplaceTestClient();
const REQUIRED = 'Please fill in all required fields.';

describe('post and edit a project', () => {
  it('posts with skills split on commas, trimmed, empties dropped; the client edits it only while open', async () => {
    const client = await party('Client');
    const posted = await call(
      client.id,
      'POST',
      '/projects',
      await projectInput({ skills: ' React ,, TypeScript,react, ', deadline: '2027-01-31' }),
    );
    expect(posted.status).toBe(201);
    expect(posted.body.project).toMatchObject({
      status: 'open',
      skills_required: ['React', 'TypeScript'],
      budget_amount: '500.00',
      budget_type: 'fixed',
      currency: { symbol: 'USD' },
      deadline: '2027-01-31',
      client: { id: client.id, full_name: 'Client' },
    });
    const id = posted.body.project.id;
    const other = await party('Other');
    expect((await call(other.id, 'PATCH', `/projects/${id}`, await projectInput({ title: 'Mine now' }))).status).toBe(
      404,
    );
    const edited = await call(
      client.id,
      'PATCH',
      `/projects/${id}`,
      await projectInput({ title: 'Landing page v2', budget_type: 'hourly', budget_amount: '45' }),
    );
    expect(edited.body.project).toMatchObject({
      title: 'Landing page v2',
      budget_type: 'hourly',
      budget_amount: '45.00',
    });
    expect((await call(client.id, 'GET', `/projects/${id}`)).body.project.title).toBe('Landing page v2');
    expect((await call(client.id, 'GET', '/my/projects')).body.projects.map((p: Json) => p.id)).toEqual([id]);
    expect((await call(client.id, 'GET', '/projects/00000000-0000-4000-8000-000000000000')).body.error).toBe(
      'Project not found.',
    );
  });

  it("bad input: 400 with the field in the spec's words, nothing stored", async () => {
    const client = await party('Client');
    const count = async () =>
      Number((await getPool().query('SELECT count(*) FROM projects WHERE client_id = $1', [client.id])).rows[0].count);
    const cases: [Json, string, string?][] = [
      [{ title: '' }, 'title', REQUIRED],
      [{ description: '   ' }, 'description', REQUIRED],
      [{ skills: ' , ,' }, 'skills', REQUIRED],
      [{ budget_amount: '' }, 'budget_amount', REQUIRED],
      [{ budget_amount: '-1' }, 'budget_amount'],
      [{ budget_amount: '1.001' }, 'budget_amount'],
      [{ budget_type: 'daily' }, 'budget_type'],
      [{ budget_currency: '00000000-0000-4000-8000-000000000000' }, 'budget_currency'],
      [{ deadline: '31/01/2027' }, 'deadline'],
      [{ title: 'x'.repeat(201) }, 'title'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call(client.id, 'POST', '/projects', await projectInput(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.body.details.fields), JSON.stringify(over)).toContain(field);
      if (message) expect(res.body.details.fields[field]).toBe(message);
    }
    expect(await count()).toBe(0);
    expect(
      (await call(client.id, 'POST', '/projects', await projectInput({ budget_amount: '0' }))).status,
      'a budget of 0 is allowed (minimum 0)',
    ).toBe(201);
  });

  it('skills parsing and the prefix query are what the spec says', () => {
    expect(parseSkills('a, b,,  c ,A')).toEqual(['a', 'b', 'c']);
    expect(prefixQuery('  React  native!! ')).toBe('react:* & native:*');
    expect(prefixQuery('&|!')).toBeNull();
  });
});

describe('find work: open projects only, newest first, search over title, description and skills, filters, pages of 9', () => {
  it('searches by prefix of title, description or skill words; filters by budget type and skills overlap; pages with a cursor', async () => {
    const client = await party('Client');
    const tag = `zq${Date.now().toString(36)}`;
    const posted: string[] = [];
    for (let i = 0; i < 11; i++) {
      posted.push(
        (
          await call(
            client.id,
            'POST',
            '/projects',
            await projectInput({
              title: `${tag} shop ${i}`,
              skills: i % 2 ? 'Rust, Go' : 'Vue',
              budget_type: i % 3 ? 'fixed' : 'hourly',
            }),
          )
        ).body.project.id,
      );
    }
    const freelancer = await party('F');
    const page1 = await call(freelancer.id, 'GET', `/projects?q=${tag}`);
    expect(page1.body.projects.map((p: Json) => p.id)).toEqual(posted.slice(2).reverse());
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    const page2 = await call(
      freelancer.id,
      'GET',
      `/projects?q=${tag}&cursor=${encodeURIComponent(page1.body.next_cursor)}`,
    );
    expect(page2.body).toEqual({ projects: expect.any(Array), next_cursor: null });
    expect(page2.body.projects.map((p: Json) => p.id)).toEqual([posted[1], posted[0]]);

    const hourlyRust = await call(freelancer.id, 'GET', `/projects?q=${tag}&budget_type=hourly&skills=Rust`);
    expect(hourlyRust.body.projects.map((p: Json) => p.title).sort()).toEqual([`${tag} shop 3`, `${tag} shop 9`]);
    expect(
      (await call(freelancer.id, 'GET', `/projects?q=${tag.slice(0, 5)}&budget_type=fixed,hourly`)).body.projects
        .length,
    ).toBe(9);
    // words of the description and of the skills match too; a project in progress is not listed
    const described = (
      await call(
        client.id,
        'POST',
        '/projects',
        await projectInput({ title: 'Plain', description: `Needs ${tag}docs writing`, skills: `${tag}skill` }),
      )
    ).body.project.id;
    expect((await call(freelancer.id, 'GET', `/projects?q=${tag}docs`)).body.projects.map((p: Json) => p.id)).toEqual([
      described,
    ]);
    expect((await call(freelancer.id, 'GET', `/projects?q=${tag}skill`)).body.projects.map((p: Json) => p.id)).toEqual([
      described,
    ]);
    await getPool().query(`UPDATE projects SET status = 'in_progress' WHERE id = $1`, [described]);
    expect((await call(freelancer.id, 'GET', `/projects?q=${tag}docs`)).body.projects).toEqual([]);
    forgetSkills();
    expect((await call(freelancer.id, 'GET', '/skills')).body.skills).toEqual(
      expect.arrayContaining(['Go', 'Rust', 'Vue']),
    );
  });

  it('bad filters are 400 with the field; unknown parameters are refused', async () => {
    const u = await party('U');
    expect(Object.keys((await call(u.id, 'GET', '/projects?budget_type=daily')).body.details.fields)).toContain(
      'budget_type',
    );
    expect(Object.keys((await call(u.id, 'GET', '/projects?cursor=nope')).body.details.fields)).toContain('cursor');
    expect((await call(u.id, 'GET', '/projects?page=2')).status).toBe(400);
    expect(await usdId()).toEqual(expect.any(String));
  });
});
