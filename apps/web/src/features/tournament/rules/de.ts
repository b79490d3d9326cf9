import type { RulesText } from './rules-text';

export const rules: RulesText = {
  title: 'Regeln des 1-gegen-1-CS-Turniers',
  intro:
    'Eins gegen eins in Counter-Strike 2, für acht Mitglieder der Community. Lies diese Regeln vor deinem ersten Match: Mit deiner Teilnahme erkennst du sie an. Weicht eine Übersetzung vom englischen Text ab, gilt der englische Text.',
  mapPool: 'Map-Pool',
  sections: [
    {
      heading: 'Format',
      points: [
        'Acht Spieler im K.-o.-System: Runde 1 (vier Matches), Runde 2 (zwei Matches) und das Finale. Wer ein Match verliert, scheidet aus.',
        'Die Paarungen der ersten Runde werden im Tab Rondom zufällig ausgelost. Die Sieger ziehen in der Turniertabelle in die nächste Runde ein.',
        'Jedes Match wird im Modus Best of Three gespielt: Wer zuerst zwei Maps gewinnt, gewinnt das Match. Der Spielstand in der Turniertabelle zählt die gewonnenen Maps, zum Beispiel 2:1.',
        'Eine Map geht bis 9 gewonnene Runden (höchstens 16 Runden, Seitenwechsel nach 8). Bei 8:8 folgt eine Verlängerung von 6 Runden, 3 auf jeder Seite; wer davon zuerst 4 gewinnt, holt die Map, sonst wird die Verlängerung wiederholt.',
        'Datum und Uhrzeit jedes Matches legen die Admins in der Turniertabelle fest. Wer nicht kann, bittet einen Admin mindestens 24 Stunden vorher um einen neuen Termin.',
      ],
    },
    {
      heading: 'Ablauf eines Matches',
      points: [
        'Betritt den Server spätestens 10 Minuten vor Beginn; dein Name im Spiel ist dein Benutzername auf der Seite.',
        'Bis zu 5 Minuten Aufwärmen; das Match beginnt, sobald beide Spieler bereit sind oder ein Admin es startet.',
        'Wer 15 Minuten nach der angesetzten Zeit nicht auf dem Server ist, verliert das Match kampflos, gewertet als 2:0 für den Gegner, sofern kein Admin es verlegt hat.',
        'Jeder Spieler darf pro Map eine technische Pause von höchstens 5 Minuten und ein taktisches Timeout von 30 Sekunden nehmen, beides nur während der Freezetime.',
        'Verliert ein Spieler die Verbindung, wird die Runde zu Ende gespielt; nach seiner Rückkehr geht es mit der nächsten Runde weiter. Wer nach 10 Minuten nicht zurück ist, verliert diese Map.',
        'Nach dem Match schicken beide Spieler dem Admin einen Screenshot der Endtabelle jeder Map. Der Admin trägt Ergebnis und Sieger in die Turniertabelle ein.',
      ],
    },
    {
      heading: 'Wahl der Maps',
      points: [
        'Alle Maps stammen aus dem oben genannten Map-Pool.',
        'Das Veto findet vor dem Match statt; es beginnt der Spieler, der in der Turniertabelle oben steht. Oben bannt, unten bannt, oben wählt Map 1, unten wählt Map 2, oben bannt; die übrige Map ist Map 3, der Decider.',
        'Auf einer gewählten Map bestimmt der Gegner die Startseite. Auf dem Decider entscheidet eine Messerrunde, deren Sieger die Seite wählt.',
        'Der Admin trägt die drei Maps vor Matchbeginn in Spielreihenfolge unter Match Details ein. Verbindlich ist, was Match Details zeigt.',
        'Jede Map wird pro Match höchstens einmal gespielt.',
      ],
    },
    {
      heading: 'Verhalten',
      points: [
        'Respektiere deinen Gegner, die Admins und die Zuschauer: keine Beleidigungen, Belästigung oder Diskriminierung, weder im Chat noch im Voice.',
        'Cheats, Skripte, Makros und das Ausnutzen von Map- oder Spielfehlern sind verboten, ebenso Ghosting, also das Verfolgen des Matches über einen Stream oder den Bildschirm des Gegners. Ein nachgewiesener Verstoß führt zur Disqualifikation.',
        'Auf dem Server sind nur die beiden Spieler und die Admins. Zuschauer brauchen die Zustimmung beider Spieler, eine Übertragung mindestens 90 Sekunden Verzögerung.',
        'Jedes Match wird auf Sieg gespielt. Abgesprochene Ergebnisse und absichtlich verlorene Runden oder Maps führen zur Disqualifikation beider Beteiligten.',
        'Einstellungen, die das Spiel selbst erlaubt, sind in Ordnung; Fremdprogramme, die das Spiel verändern, und Binds, die mehr als eine Aktion pro Tastendruck auslösen, nicht.',
      ],
    },
    {
      heading: 'Streitfälle',
      points: [
        'Melde ein Problem sofort: während des Matches mit einer Pause oder spätestens 15 Minuten nach Matchende per Nachricht an einen Admin, mit Beleg (Screenshot, Demo oder Clip).',
        'Bewahre die Demo jedes deiner Matches bis zum Turnierende auf; ein Admin kann sie anfordern.',
        'Die Admins entscheiden. Sie können eine Runde oder Map wiederholen lassen, ein Match kampflos werten oder einen Spieler disqualifizieren; ihre Entscheidung ist für dieses Turnier endgültig.',
        'Ein Admin, der im strittigen Match selbst spielt, entscheidet nicht mit.',
        'Wo diese Regeln schweigen, entscheiden die Admins im Sinne des Fairplays.',
      ],
    },
  ],
};
