import BuildSupport

BuildRunner.main(SpectrumTool.tool, work: SpectrumTool.work)
