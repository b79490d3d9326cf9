import {
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudLightning,
  CloudRain,
  CloudSnow,
  Sun,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { WIDGET_MESSAGES, type WeatherCondition } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Skeleton } from '../../../components/skeleton';
import { TextField } from '../../../components/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { usePickCity, useWeather } from '../api';
import styles from './weather-widget.module.css';

const ICONS: Record<WeatherCondition, LucideIcon> = {
  Clear: Sun,
  Clouds: Cloud,
  Fog: CloudFog,
  Drizzle: CloudDrizzle,
  Rain: CloudRain,
  Snow: CloudSnow,
  Thunderstorm: CloudLightning,
};

/** An unknown city is the member's to fix, so it says so; anything else is SPEC §8's text. */
const failureText = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404 && error.serverMessage
    ? error.serverMessage
    : WIDGET_MESSAGES.weatherFailed;

function WeatherSkeleton() {
  return (
    <div className={styles.body} aria-hidden="true">
      <Skeleton circle width={48} height={48} />
      <span className={styles.lines}>
        <Skeleton width="60%" height={16} />
        <Skeleton width="40%" height={24} />
        <Skeleton width="80%" />
      </span>
    </div>
  );
}

/**
 * The weather in one city, through the server (SPEC §3, §7). The member's last city comes back
 * from the server; the default city is shown as the result, never typed into the field.
 */
export function WeatherWidget() {
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const [city, setCity] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const weather = useWeather(city);
  const pickCity = usePickCity();
  const data = weather.data;
  const showFailure = weather.isError && !weather.isFetching;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = draft.trim();
    if (!typed) {
      setError(WIDGET_MESSAGES.enterCity);
      return;
    }
    setError(null);
    pickCity(typed);
    setCity(typed);
  };

  const Icon = data ? ICONS[data.main] : null;
  return (
    <Card aria-labelledby={headingId} aria-busy={weather.isPending || weather.isFetching}>
      <h2 id={headingId} className={styles.title}>
        Weather
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Weather city">
        <TextField
          label="City"
          placeholder={data?.isDefault === false ? data.city : 'Enter a city'}
          value={draft}
          error={error ?? undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          autoComplete="address-level2"
          className={styles.field}
        />
        <Button type="submit" variant="secondary" loading={weather.isFetching && city !== null}>
          Show
        </Button>
      </form>
      {weather.isPending && (
        <>
          <span className="visually-hidden" role="status">
            Loading...
          </span>
          <WeatherSkeleton />
        </>
      )}
      {showFailure && <Alert tone="error">{failureText(weather.error)}</Alert>}
      {data && !showFailure && Icon && (
        <div className={styles.body}>
          <Icon size={48} className={styles.icon} aria-hidden />
          <div className={styles.lines}>
            <p className={styles.city}>
              {data.city}
              {data.country && <span className={styles.country}>, {data.country}</span>}
            </p>
            <p className={styles.temperature}>{Math.round(data.temperature)} °C</p>
            <p className={styles.description}>{data.description}</p>
            {data.humidity !== null && (
              <p className={styles.meta}>Humidity {Math.round(data.humidity)}%</p>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
