import { useLocation } from 'react-router';

/** Prints the current path, so a test can see where a form navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}
