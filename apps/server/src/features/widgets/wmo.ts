import type { WeatherCondition } from '@devplay/shared';

/** WMO weather interpretation codes (WW), as Open-Meteo documents them, for people and icons. */
const WMO: Record<number, [string, WeatherCondition]> = {
  0: ['Clear sky', 'Clear'],
  1: ['Mainly clear', 'Clear'],
  2: ['Partly cloudy', 'Clouds'],
  3: ['Overcast', 'Clouds'],
  45: ['Fog', 'Fog'],
  48: ['Depositing rime fog', 'Fog'],
  51: ['Light drizzle', 'Drizzle'],
  53: ['Moderate drizzle', 'Drizzle'],
  55: ['Dense drizzle', 'Drizzle'],
  56: ['Light freezing drizzle', 'Drizzle'],
  57: ['Dense freezing drizzle', 'Drizzle'],
  61: ['Slight rain', 'Rain'],
  63: ['Moderate rain', 'Rain'],
  65: ['Heavy rain', 'Rain'],
  66: ['Light freezing rain', 'Rain'],
  67: ['Heavy freezing rain', 'Rain'],
  71: ['Slight snowfall', 'Snow'],
  73: ['Moderate snowfall', 'Snow'],
  75: ['Heavy snowfall', 'Snow'],
  77: ['Snow grains', 'Snow'],
  80: ['Slight rain showers', 'Rain'],
  81: ['Moderate rain showers', 'Rain'],
  82: ['Violent rain showers', 'Rain'],
  85: ['Slight snow showers', 'Snow'],
  86: ['Heavy snow showers', 'Snow'],
  95: ['Thunderstorm', 'Thunderstorm'],
  96: ['Thunderstorm with slight hail', 'Thunderstorm'],
  99: ['Thunderstorm with heavy hail', 'Thunderstorm'],
};

/** A code outside the table still gets a reading, under the most neutral icon. */
export function describeWeatherCode(code: number): { description: string; main: WeatherCondition } {
  const [description, main] = WMO[code] ?? ['Unknown conditions', 'Clouds'];
  return { description, main };
}
