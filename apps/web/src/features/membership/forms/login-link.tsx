import { Link } from '../../../shared/navigation/link';
import { useLayout } from '../../../shared/layout-context';
import { pagePath } from '../../../shared/paths';
import { useDictionary } from '../../../shared/use-dictionary';

/** The "Log in" button-link that ends several account flows. */
export function LoginLink() {
  const layout = useLayout();
  const text = useDictionary();
  return (
    <p>
      <Link className="button" to={pagePath(layout, 'login')}>
        {text('form.login', 'Log in')}
      </Link>
    </p>
  );
}
