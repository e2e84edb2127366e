import AnnouncerCore
@testable import AnnouncerVoices
import Testing

/// The rule machinery on small tables written here, without eSpeak.
@Suite struct NormalizationRuleTests {
    static let normalizer: TextNormalizer = {
        var clock = ClockTimeRule()
        clock.afterWords = ["klokken"]
        clock.time = SpokenTemplate("{hour} {minute}")
        clock.minuteUnderTen = SpokenTemplate("{hour} null {minute}")
        clock.fullHour = SpokenTemplate("{hour} null null")
        clock.fullHourAfterWords = SpokenTemplate("{hour}")
        clock.dayHalves = ["pm": "P M", "p.m.": "P M"]
        clock.rangeWord = "til"
        var dates = DateRule()
        dates.separators = ["."]
        dates.say = SpokenTemplate("{day}. {month} {year}")
        dates.sayWithoutYear = SpokenTemplate("{day}. {month}")
        dates.months = ["januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"]
        var addresses = AddressRule()
        addresses.symbols = ["@": "krøllalfa", ".": "punktum", "/": "skråstrek", "-": "bindestrek"]
        var numbers = GroupedNumberRule()
        numbers.groupSeparators = [" ", "."]
        numbers.decimalMark = ","
        return TextNormalizer(
            abbreviations: AbbreviationTable([
                .init("kl.", "klokken"),
                .init("f.eks.", "for eksempel"),
                .init("osv.", "og så videre", kind: .closing),
                .init("kr", "kroner", kind: .closing),
                .init("nr.", "nummer", kind: .beforeNumbers),
                .init("Mr.", "Mister"),
            ]),
            clockTimes: clock, dates: dates, addresses: addresses, numbers: numbers)
    }()

    func said(_ text: String) -> String { Self.normalizer.normalize(text) }

    // Abbreviations

    @Test("An abbreviation is replaced by its words, also with a capital first letter")
    func abbreviation() {
        #expect(said("Ta f.eks. bussen") == "Ta for eksempel bussen")
        #expect(said("F.eks. bussen") == "for eksempel bussen")
    }

    @Test("An abbreviation written with a capital matches only with that capital")
    func capitalAbbreviation() {
        #expect(said("mr. Smith") == "mr. Smith")
        #expect(said("Mr. Smith") == "Mister Smith")
    }

    @Test("An abbreviation inside a word is left alone")
    func insideWord() {
        #expect(said("krone kr2 skr") == "krone kr2 skr")
        #expect(said("5 kr") == "5 kroner")
    }

    @Test("A closing abbreviation keeps its full stop as a pause at the end of the text and before a new sentence")
    func closingKeepsFullStop() {
        #expect(said("Epler, pærer osv.") == "Epler, pærer og så videre.")
        #expect(said("Epler osv. Neste gang") == "Epler og så videre. Neste gang")
        #expect(said("epler osv. og pærer") == "epler og så videre og pærer")
    }

    @Test("A leading abbreviation's full stop never ends a sentence, even before a capital letter")
    func leadingDropsFullStop() {
        #expect(said("Ring Mr. Smith") == "Ring Mister Smith")
    }

    @Test("An abbreviation for numbers is replaced only before a number")
    func beforeNumbers() {
        #expect(said("nr. 5") == "nummer 5")
        #expect(said("Nr. 12") == "nummer 12")
        #expect(said("Ikke nr. en") == "Ikke nr. en")
    }

    // Clock times

    @Test("A clock time after the clock word is said as hour and minute")
    func clockTime() {
        #expect(said("kl. 14:30") == "klokken 14 30")
        #expect(said("kl. 14.30 i dag") == "klokken 14 30 i dag")
        #expect(said("kl.14:30") == "klokken 14 30")
        #expect(said("14:05") == "14 null 5")
        #expect(said("09:05") == "9 null 5")
    }

    @Test("A full hour is said in its own way, and after the clock word as the hour alone")
    func fullHour() {
        #expect(said("14:00") == "14 null null")
        #expect(said("kl. 14:00") == "klokken 14")
        #expect(said("kl. 09") == "klokken 9")
    }

    @Test("A half of the day follows the time, and a full hour with one is the hour alone")
    func dayHalves() {
        #expect(said("2:30 pm") == "2 30 P M")
        #expect(said("at 2:00 p.m.") == "at 2 P M.")
        #expect(said("at 9 pm today") == "at 9 P M today")
        #expect(said("at 99 pm today") == "at 99 pm today")
    }

    @Test("A dash between two times, or two hours after the clock word, is said as the range word")
    func ranges() {
        #expect(said("kl. 08.00–16.00") == "klokken 8 til 16")
        #expect(said("kl. 8-16") == "klokken 8 til 16")
        #expect(said("08:00 - 15:30") == "8 null null til 15 30")
        #expect(said("14-16") == "14-16")
        #expect(said("Åpent 08.00–16.30") == "Åpent 8 null null til 16 30")
        #expect(said("Åpent 08.00–16") == "Åpent 08.00–16")
    }

    @Test("Without the clock word, 14.30 is not a clock time; nor is a time with seconds or an impossible one")
    func notClockTimes() {
        #expect(said("14.30") == "14.30")
        #expect(said("14:30:15") == "14:30:15")
        #expect(said("25:30") == "25:30")
        #expect(said("14:75") == "14:75")
        #expect(said("3:2") == "3:2")
    }

    // Dates

    @Test("A numeric date in the language's order and an ISO date get the month's name")
    func numericDates() {
        #expect(said("21.11.2026") == "21. november 2026")
        #expect(said("1.2.2026") == "1. februar 2026")
        #expect(said("2026-11-21") == "21. november 2026")
        #expect(said("Frist 29.02.2028.") == "Frist 29. februar 2028.")
    }

    @Test("A day and a month closed by a full stop are a date, and the stop still ends a sentence: 3.4. kl. 9")
    func dayAndMonthWithoutYear() {
        #expect(said("3.4. kl. 9") == "3. april klokken 9")
        #expect(said("Møtet er 3.4.") == "Møtet er 3. april.")
        #expect(said("Møtet er 3.4. Ta med kaffe.") == "Møtet er 3. april. Ta med kaffe.")
        #expect(said("31.2. er ingen dag") == "31.2. er ingen dag")
        #expect(said("3.4 kilo") == "3.4 kilo")
    }

    @Test("A date that cannot be is left alone")
    func invalidDates() {
        #expect(said("32.13.2026") == "32.13.2026")
        #expect(said("29.02.2026") == "29.02.2026")
        #expect(said("31.04.2026") == "31.04.2026")
        #expect(said("2026-13-01") == "2026-13-01")
    }

    @Test("A day beside a month's name becomes an ordinal")
    func namedDates() {
        #expect(said("21 november 2026") == "21. november 2026")
        #expect(said("fra 3 mai") == "fra 3. mai")
    }

    @Test("Version numbers and addresses on the net are not dates")
    func notDates() {
        #expect(said("1.2.3") == "1.2.3")
        #expect(said("1.2.2026.4") == "1.2.2026.4")
    }

    // Addresses

    @Test("An e-mail address is read part by part with the words for its symbols, and a full stop after it stays")
    func email() {
        #expect(said("Skriv til kari-n@nav.no.") == "Skriv til kari bindestrek n krøllalfa nav punktum no.")
    }

    @Test("Something with @ that is no address is left alone")
    func notEmail() {
        #expect(said("@kari") == "@kari")
        #expect(said("kari@localhost") == "kari@localhost")
    }

    @Test("A web address is read without its scheme, www and closing slash")
    func url() {
        #expect(said("https://www.nav.no/login") == "nav punktum no skråstrek login")
        #expect(said("Se www.nav.no/.") == "Se nav punktum no.")
        #expect(said("http://nav.no") == "nav punktum no")
    }

    // Numbers

    @Test("A number in groups of three is given as one number, with its decimals")
    func groupedNumbers() {
        #expect(said("1 000 000") == "1000000")
        #expect(said("12 345,67 kr") == "12345,67 kroner")
        #expect(said("1.500") == "1500")
    }

    @Test("A telephone number is not merged into one number: its groups are kept apart")
    func telephoneNumbers() {
        #expect(said("22 33 44 55") == "22  33  44  55")
        #expect(said("912 34 567") == "912  34  567")
    }

    @Test("Digits that are not grouped numbers are left alone")
    func notGroupedNumbers() {
        #expect(said("192.168.100.1") == "192.168.100.1")
        #expect(said("3,14") == "3,14")
        #expect(said("2026") == "2026")
    }

    @Test("Text with nothing to normalize comes back unchanged")
    func plainText() {
        #expect(said("Logg inn, knapp") == "Logg inn, knapp")
        #expect(TextNormalizer().normalize("kl. 14:30") == "kl. 14:30")
    }
}

/// Inputs that once crashed text preparation, kept so they never do again.
@Suite struct NormalizationCrashRegressionTests {
    @Test("A run of digits too long for a number is left as it is, in every rule and language", arguments: [
        "Order 12345678901234567890/1/2026 shipped",
        "Referanse 12345678901234567890 1 2",
        "kl. 99999999999999999999:30",
        "99999999999999999999999.11.2026",
        "21. 123456789012345678901234567890 2026",
        "2026-12345678901234567890-01",
    ])
    func longDigitRunsAreLeftAlone(text: String) {
        for profile in [Phonemes.profile(.english), Phonemes.profile(.norwegianBokmal)] {
            for level in PunctuationLevel.allCases {
                #expect(!profile.prepare(text, punctuationLevel: level).isEmpty)
            }
        }
    }

    @Test("A month that is also a word, then a number and a word, is not a date: May 2 users share one phone")
    func monthWordBeforeNumberAndWordIsLeftAlone() {
        let english = Phonemes.profile(.english)
        #expect(english.prepare("May 2 users share one phone?").hasPrefix("May 2 users"))
        #expect(!english.prepare("We meet on May 2.").contains("May 2."))
    }
}
