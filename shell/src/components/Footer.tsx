import styled from 'styled-components';
import { media, Link } from '@portal/shared-ui';

const Foot = styled.footer`
  background: #0f172a; color: #cbd5e1; margin-top: 48px;
  a { color: #cbd5e1; text-decoration: none; font-size: 14px; }
  a:hover { color: #fff; }
`;
const Grid = styled.div`
  max-width: 1200px; margin: 0 auto; padding: 40px 16px 24px; display: grid; gap: 32px; grid-template-columns: 1fr;
  ${media.md} { grid-template-columns: 2fr 1fr 1fr 1fr; }
  h4 { color: #fff; margin: 0 0 12px; font-size: 14px; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
  p { margin: 0; font-size: 14px; }
`;
const Bottom = styled.div`
  max-width: 1200px; margin: 0 auto; padding: 16px; border-top: 1px solid #1e293b; font-size: 13px; color: #94a3b8;
`;

export function Footer() {
  return (
    <Foot data-testid="site-footer">
      <Grid>
        <div>
          <h4>Portal</h4>
          <p>Payments, freelance work, crowdfunding and conversation about finance, in one place.</p>
        </div>
        <div>
          <h4>Company</h4>
          <ul>
            <li>
              <Link to="/about-us">About Us</Link>
            </li>
            <li>
              <Link to="/contact-us">Contact Us</Link>
            </li>
            <li>
              <Link to="/white-paper">White Paper</Link>
            </li>
            <li>
              <Link to="/faqs">FAQs</Link>
            </li>
          </ul>
        </div>
        <div>
          <h4>Legal &amp; Support</h4>
          <ul>
            <li>
              <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/support">Customer Support</Link>
            </li>
            <li>
              <a href="#security" aria-disabled="true" onClick={(e) => e.preventDefault()}>
                Security
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h4>Follow us</h4>
          <ul>
            <li>
              <a href="#x" onClick={(e) => e.preventDefault()} aria-label="X (placeholder)">
                X
              </a>
            </li>
            <li>
              <a href="#linkedin" onClick={(e) => e.preventDefault()} aria-label="LinkedIn (placeholder)">
                LinkedIn
              </a>
            </li>
            <li>
              <a href="#github" onClick={(e) => e.preventDefault()} aria-label="GitHub (placeholder)">
                GitHub
              </a>
            </li>
          </ul>
        </div>
      </Grid>
      <Bottom>© {new Date().getFullYear()} Portal. Finance for everyone, since May 2025.</Bottom>
    </Foot>
  );
}
