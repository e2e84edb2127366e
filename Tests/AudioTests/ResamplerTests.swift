import Audio
import Testing

/// The resampler brings a sound to the speech rate without changing its pitch, length or loudness,
/// and without folding what the new rate cannot carry back into what it can.
@Suite struct ResamplerTests {
    @Test("A 440 Hz stereo tone at 44 100 Hz, brought to 22 050 Hz, is still 440 Hz and as long")
    func downsampledToneKeepsPitchAndLength() throws {
        let tone = WAVFixture.sine(seconds: 1, sampleRate: 44_100)
        let wav = try WAVFile(bytes: WAVFixture(channels: 2, sampleRate: 44_100).bytes(mono: tone), path: "stereo.wav")
        let output = Resampler(from: wav.sampleRate, to: 22_050).resample(wav.samples)
        #expect(abs(Double(output.count) - 22_050) <= 220.5)
        let frequency = frequencyByZeroCrossings(output, sampleRate: 22_050)
        #expect(abs(frequency - 440) <= 4.4, "measured \(frequency) Hz")
    }

    @Test("A tone at 16 kHz, the rate of Debian's sound icons, brought up to 22 050 Hz keeps its pitch and loudness")
    func upsampledToneKeepsPitchAndLoudness() {
        let tone = WAVFixture.sine(seconds: 1, sampleRate: 16_000).map(Float.init)
        let output = Resampler(from: 16_000, to: 22_050).resample(tone)
        #expect(abs(Double(output.count) - 22_050) <= 1)
        let frequency = frequencyByZeroCrossings(output, sampleRate: 22_050)
        #expect(abs(frequency - 440) <= 4.4, "measured \(frequency) Hz")
        // The middle, away from the edges where the filter sees silence beyond the sound.
        let peak = output[1_000..<21_000].map { abs(Int($0)) }.max() ?? 0
        #expect(abs(Double(peak) - 0.5 * 32_767) < 0.02 * 0.5 * 32_767, "peak \(peak)")
    }

    @Test("A 15 kHz tone, above the new Nyquist frequency, is filtered out rather than folded back to 7 kHz")
    func frequenciesAboveTheNewNyquistAreRemoved() {
        let tone = WAVFixture.sine(frequency: 15_000, seconds: 0.5, sampleRate: 44_100).map(Float.init)
        let output = Resampler(from: 44_100, to: 22_050).resample(tone)
        let middle = output[500..<(output.count - 500)].map { Double($0) }
        let rms = (middle.map { $0 * $0 }.reduce(0, +) / Double(middle.count)).squareRoot()
        // The tone's own RMS is 0.5 / √2 of full scale, about 11 600; 60 dB down is about 12.
        #expect(rms < 12, "RMS \(rms)")
    }

    static let ratePairs = [(8_000, 22_050), (16_000, 22_050), (22_050, 16_000), (44_100, 22_050), (48_000, 22_050), (96_000, 8_000), (11_025, 48_000)]

    @Test("The output is as long as the input in time, to the sample", arguments: ratePairs)
    func lengthFollowsTheRatio(input: Int, output: Int) {
        let samples = [Float](repeating: 0.1, count: input / 3)
        let resampled = Resampler(from: input, to: output).resample(samples)
        let expected = Double(samples.count) * Double(output) / Double(input)
        #expect(abs(Double(resampled.count) - expected) <= 1)
    }

    @Test("A constant level passes at its level, so quiet and loud are kept", arguments: ratePairs)
    func constantLevelIsKept(input: Int, output: Int) {
        let samples = [Float](repeating: 0.25, count: input / 4)
        let resampled = Resampler(from: input, to: output).resample(samples)
        let middle = resampled[(resampled.count / 4)..<(resampled.count * 3 / 4)]
        #expect(middle.allSatisfy { abs(Int($0) - 8_192) <= 8 }, "\(middle.min() ?? 0)...\(middle.max() ?? 0)")
    }

    @Test("At the same rate 16-bit sound passes unchanged, full scale included")
    func sameRatePassesSixteenBitSoundUnchanged() throws {
        let values: [Int16] = [-32_768, -12_345, -1, 0, 1, 12_345, 32_767]
        let wav = try WAVFile(bytes: WAVFixture(sampleRate: 22_050).bytes(data: values.flatMap(littleEndian)), path: "exact.wav")
        #expect(Resampler(from: 22_050, to: 22_050).resample(wav.samples) == values)
    }

    @Test("Volume scales the sound, and what it lifts past full scale is clipped, never wrapped", arguments: [22_050, 16_000])
    func volumeScalesAndClips(input: Int) {
        let tone = WAVFixture.sine(seconds: 0.2, sampleRate: input, amplitude: 0.8).map(Float.init)
        let half = Resampler(from: input, to: 22_050).resample(tone, volume: 0.5)
        let peakHalf = half.map { abs(Int($0)) }.max() ?? 0
        #expect(abs(Double(peakHalf) - 0.4 * 32_767) < 0.02 * 0.4 * 32_767)
        let double = Resampler(from: input, to: 22_050).resample(tone, volume: 2)
        #expect(double.max() == 32_767)
        #expect(double.min() == -32_768)
        // Clipped, not wrapped: a wrapped peak would jump sign between neighbours at full scale.
        let jumps = zip(double, double.dropFirst()).filter { abs(Int($0) - Int($1)) > 30_000 }
        #expect(jumps.isEmpty)
    }
}
