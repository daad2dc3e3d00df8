import LottieScene

// The scene's geometry types under their own names in every file of this module (the text files use
// `Affine` without importing the scene module).
typealias Affine = LottieScene.Affine
typealias DeviceBox = LottieScene.DeviceBox
